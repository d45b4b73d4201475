package dev.cdcwizard.engine.bench;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.testing.TutorialFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.hadoop.HadoopCatalog;
import org.apache.hadoop.conf.Configuration;

/**
 * Not a test: writes the class list of the launcher's class data archive
 * ({@code engine/src/main/cds/cdc-wizard.classlist}) from a real {@code cdc-wizard run} of the tutorial
 * pipeline: the engine's own snapshot of 100,000 orders rows into Iceberg, the handover, streaming, a
 * change, and the stop on Ctrl-C. Run with bench/class-list.sh after a change of dependencies; a class
 * the list names that is gone is skipped, one it lacks is loaded as without an archive.
 */
public final class ClassListTraining {
  private static final TableIdentifier ORDERS = TableIdentifier.of("ods", "orders");

  private ClassListTraining() {}

  public static void main(String[] args) throws Exception {
    Path classList = Path.of(args.length > 0 ? args[0] : "engine/src/main/cds/cdc-wizard.classlist").toAbsolutePath();
    Path folder = Files.createTempDirectory("class-list");
    Path warehouse = folder.resolve("warehouse");
    try (EmbeddedPostgresServer postgres = SampleDatabase.start()) {
      BenchTables.orders(postgres, 100_000);
      postgres.execute(SampleDatabase.DATABASE, "CREATE PUBLICATION cdc_orders FOR TABLE public.orders");
      Path yaml = folder.resolve("tutorial.yaml");
      Files.writeString(yaml, TutorialFixture.pipelineYaml(postgres, warehouse, 2));
      Path listed = folder.resolve("loaded.classlist");
      try (LauncherRun run = LauncherRun.start(yaml, folder.resolve("data"), folder.resolve("run.log"),
          Map.of("CDC_WIZARD_CLASS_ARCHIVE", "off", "CDC_WIZARD_JAVA_OPTS", "-XX:DumpLoadedClassList=" + listed))) {
        HadoopCatalog catalog = new HadoopCatalog(new Configuration(), warehouse.toUri().toString());
        awaitRows(catalog, run, 100_000);
        postgres.execute(SampleDatabase.DATABASE,
            "INSERT INTO public.orders VALUES (1, 'class list', 1.00, 'NEW')");
        awaitRows(catalog, run, 100_001);
      }
      Files.move(listed, classList, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
      System.out.printf("%,d classes listed in %s%n", Files.readAllLines(classList).size(), classList);
    }
  }

  private static void awaitRows(HadoopCatalog catalog, LauncherRun run, long rows) throws Exception {
    long deadline = System.nanoTime() + 300_000_000_000L;
    while (SnapshotComparison.committedRecords(catalog, ORDERS) < rows) {
      if (!run.alive() || System.nanoTime() > deadline) {
        throw new IllegalStateException("cdc-wizard run ended or took too long; see its run.log");
      }
      Thread.sleep(200);
    }
  }
}
