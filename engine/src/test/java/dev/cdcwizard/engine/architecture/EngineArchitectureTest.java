package dev.cdcwizard.engine.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** The engine is the product without its face: the CLI, the job on a cluster and the tests use it. */
class EngineArchitectureTest {
  private static final JavaClasses ENGINE = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
      .importPackages("dev.cdcwizard.engine");

  @Test
  void engineDoesNotUseJavaFx() {
    noClasses().should().dependOnClassesThat().resideInAPackage("javafx..").check(ENGINE);
  }

  @Test
  void engineDoesNotUseTheApp() {
    noClasses().should().dependOnClassesThat().resideInAPackage("dev.cdcwizard.app..").check(ENGINE);
  }
}
