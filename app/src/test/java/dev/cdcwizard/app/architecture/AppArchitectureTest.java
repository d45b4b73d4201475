package dev.cdcwizard.app.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;

/**
 * The wizard's layering: steps share only the wizard's state, never each other's classes; views show
 * what their view-models hold and never reach the engine's operations; threads come from the task
 * package alone, so every background call is cancellable with its step.
 */
class AppArchitectureTest {
  private static final JavaClasses APP = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
      .importPackages("dev.cdcwizard.app");

  @Test
  void stepsDoNotDependOnEachOther() {
    slices().matching("dev.cdcwizard.app.step.(*)..").should().notDependOnEachOther().check(APP);
  }

  /** Reading an engine value (a record's component, an enum constant) is showing it; anything else is a call. */
  @Test
  void viewsDoNotCallTheEngine() {
    noClasses().that().haveSimpleNameEndingWith("View").should().callMethodWhere(DescribedPredicate.describe(
        "an engine method other than a record's or an enum's",
        call -> call.getTargetOwner().getPackageName().startsWith("dev.cdcwizard.engine")
            && !call.getTargetOwner().isEnum() && !call.getTargetOwner().reflect().isRecord()))
        .check(APP);
  }

  @Test
  void onlyTheTaskPackageCreatesThreads() {
    noClasses().that().resideOutsideOfPackage("dev.cdcwizard.app.task..")
        .should().callConstructor(Thread.class, Runnable.class)
        .orShould().callConstructor(Thread.class, Runnable.class, String.class)
        .orShould().callMethodWhere(DescribedPredicate.describe("an Executors factory",
            call -> call.getTargetOwner().isEquivalentTo(Executors.class)))
        .check(APP);
  }
}
