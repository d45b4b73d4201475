package dev.cdcwizard.app.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.Arrays;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;

/**
 * The wizard's layering: steps share only slices of the wizard's state, never each other's classes; views show
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

  /**
   * A step gets the slices of the wizard's state it edits or reads (the draft, the reviewed pipeline, what was
   * started), never the whole state: what a step can change is in its constructor's signature.
   */
  @Test
  void stepsSeeSlicesOfTheStateNotTheWholeState() {
    noClasses().that().resideInAPackage("dev.cdcwizard.app.step..")
        .should().dependOnClassesThat().haveFullyQualifiedName("dev.cdcwizard.app.wizard.WizardState")
        .check(APP);
  }

  /**
   * Reading an engine value (a record's component, an enum constant's name) is showing it; anything
   * else, a record's own method included, is a call into the engine.
   */
  @Test
  void viewsDoNotCallTheEngine() {
    noClasses().that().haveSimpleNameEndingWith("View").should().callMethodWhere(DescribedPredicate.describe(
        "an engine method other than a record's component or an enum's own",
        call -> call.getTargetOwner().getPackageName().startsWith("dev.cdcwizard.engine")
            && !call.getTargetOwner().isEnum() && !isRecordComponent(call.getTargetOwner().reflect(),
                call.getName(), call.getTarget().getRawParameterTypes().size())))
        .check(APP);
  }

  private static boolean isRecordComponent(Class<?> owner, String method, int parameters) {
    return owner.isRecord() && parameters == 0 && Arrays.stream(owner.getRecordComponents())
        .anyMatch(component -> component.getName().equals(method));
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
