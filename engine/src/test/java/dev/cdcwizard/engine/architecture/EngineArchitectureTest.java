package dev.cdcwizard.engine.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.cdcwizard.engine.pipeline.SinkDefinition;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The engine is the product without its face: the CLI, the job on a cluster and the tests use it. */
class EngineArchitectureTest {
  /**
   * The engine's packages from the bottom up, as ArchUnit patterns below {@code dev.cdcwizard.engine};
   * a layer's packages may use each other.
   */
  private static final List<List<String>> LAYERS = List.of(
      List.of("message..", "embedded.."),
      List.of("config.."),
      List.of("postgres.."),
      List.of("pipeline..", "stream.."),
      List.of("admission..", "yaml.."),
      List.of("record.."),
      List.of("source.."),
      List.of("sink.."),
      List.of("watch.."),
      List.of("job.."),
      List.of("flinkrest.."),
      List.of("monitor..", "snapshot.."),
      List.of("launch", "launch.local.."),
      List.of("preview..", "maintenance..", "verify.."),
      List.of("export.."),
      List.of("cli.."));

  private static final JavaClasses ENGINE = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
      .importPackages("dev.cdcwizard.engine");

  @Test
  void engineDoesNotUseJavaFx() {
    noClasses().should().dependOnClassesThat().resideInAPackage("javafx..").check(ENGINE);
  }

  @Test
  void enginePackagesHaveNoCycles() {
    slices().matching("dev.cdcwizard.engine.(**)").should().beFreeOfCycles().check(ENGINE);
  }

  /** Each layer uses only those below it; docs/architecture.md draws them. */
  @Test
  void lowerLayersDoNotUseHigherOnes() {
    for (int layer = 0; layer < LAYERS.size() - 1; layer++) {
      String[] higher = LAYERS.subList(layer + 1, LAYERS.size()).stream().flatMap(List::stream)
          .map(name -> "dev.cdcwizard.engine." + name).toArray(String[]::new);
      String[] own = LAYERS.get(layer).stream().map(name -> "dev.cdcwizard.engine." + name).toArray(String[]::new);
      noClasses().that().resideInAnyPackage(own).should().dependOnClassesThat().resideInAnyPackage(higher)
          .check(ENGINE);
    }
  }

  /**
   * The target is a type chosen once per concern, not a branch wherever code differs by target: only these
   * classes read a sink's kind, each to pick its concern's strategy with a switch the compiler checks
   * covers every kind (or, for a command that serves one kind, to say it does not serve the other).
   */
  @Test
  void onlyTheTargetStrategyChoicesReadTheSinksKind() {
    noClasses().that().doNotHaveSimpleName("JobTarget").and().doNotHaveSimpleName("TargetSide")
        .and().doNotHaveSimpleName("TargetRows").and().doNotHaveSimpleName("TargetExport")
        .and().doNotHaveSimpleName("SnapshotPlan")
        .and().doNotHaveSimpleName("SplitCopiers").and().doNotHaveSimpleName("PipelineYamlWriter")
        .and().doNotHaveSimpleName("PipelineAdmission").and().doNotHaveSimpleName("PipelineSummary")
        .and().doNotHaveSimpleName("PreviewCommand").and().doNotHaveSimpleName("TableHealthCommand")
        .and().doNotHaveSimpleName("VerifyCommand").and().doNotHaveSimpleName("IcebergOnly")
        .should().callMethod(SinkDefinition.class, "kind")
        .because("a new target or feature must not add a branch on the target outside its strategy's choice")
        .check(ENGINE);
  }

  @Test
  void engineDoesNotUseTheApp() {
    noClasses().should().dependOnClassesThat().resideInAPackage("dev.cdcwizard.app..").check(ENGINE);
  }
}
