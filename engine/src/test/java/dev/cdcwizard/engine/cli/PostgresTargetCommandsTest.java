package dev.cdcwizard.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** validate and export take a pipeline whose sink is PostgreSQL. */
class PostgresTargetCommandsTest {
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  @TempDir Path temp;

  private int run(String... args) {
    return CdcWizardCli.commandLine().setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true))
        .execute(args);
  }

  private static Path pipeline() throws URISyntaxException {
    return Path.of(PostgresTargetCommandsTest.class.getResource("/pipelines/postgres-target/replication.yaml").toURI());
  }

  @Test
  void validateSummarisesTheTargetWithoutItsPassword() throws Exception {
    assertThat(run("validate", pipeline().toString())).isZero();
    assertThat(out.toString()).startsWith("OK ")
        .contains("sink:     postgres writer@replica.example:5433/shop_copy (sslmode=require)", "CDC Wizard's own sink")
        .doesNotContain("s3cret");
  }

  @Test
  void exportWritesTheFlinkRunBundle() throws Exception {
    Path bundle = temp.resolve("bundle");
    assertThat(run("export", pipeline().toString(), "-o", bundle.toString())).isZero();
    assertThat(out.toString()).contains("postgres-to-postgres.yaml", "run-on-flink.sh");
    assertThat(Files.readString(bundle.resolve("README.md"))).contains("flink-cdc.sh cannot run it");
  }
}
