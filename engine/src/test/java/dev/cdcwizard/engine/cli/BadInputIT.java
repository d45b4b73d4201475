package dev.cdcwizard.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.testing.TutorialFixture;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ordinary mistakes that need a database, through the command line as a user meets them: one
 * message naming the cause, the documented exit code, no stack trace, and nothing started.
 */
class BadInputIT {
  private static EmbeddedPostgresServer postgres;

  @TempDir Path folder;
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  @BeforeAll
  static void start() throws Exception {
    postgres = SampleDatabase.start();
    postgres.execute(SampleDatabase.DATABASE,
        "CREATE TABLE public.keyless (id BIGINT, item VARCHAR(20))",
        "CREATE PUBLICATION cdc_orders FOR TABLE public.orders",
        "CREATE ROLE reader LOGIN PASSWORD 'reader'",
        "GRANT SELECT ON public.orders TO reader");
  }

  @AfterAll
  static void stop() {
    postgres.close();
  }

  @Test
  void aMissingTable() throws IOException {
    assertFails(ExitCode.REFUSED, "No table of database inventory matches source.tables 'inventory.public.absent'",
        yaml().replace("tables: inventory.public.orders", "tables: inventory.public.absent"));
  }

  @Test
  void aTableWithoutPrimaryKey() throws IOException {
    assertFails(ExitCode.REFUSED, "No primary key: public.keyless.",
        yaml().replace("tables: inventory.public.orders", "tables: inventory.public.keyless"));
  }

  @Test
  void aMissingPublication() throws IOException {
    assertFails(ExitCode.REFUSED, "Publication absent does not exist.",
        yaml().replace("debezium.publication.name: cdc_orders", "debezium.publication.name: absent"));
  }

  @Test
  void aRoleWithoutReplication() throws IOException {
    assertFails(ExitCode.REFUSED, "reader has neither REPLICATION nor superuser",
        yaml().replace("username: postgres", "username: reader").replace("password: tutorial", "password: reader"));
  }

  @Test
  void aWrongPassword() throws IOException {
    assertFails(ExitCode.SOURCE_UNAVAILABLE, "The password for user postgres was not accepted.",
        yaml().replace("password: tutorial", "password: wrong"));
  }

  @Test
  void aPreviewWhilePostgresIsDown() throws Exception {
    int closed;
    try (var socket = new java.net.ServerSocket(0)) {
      closed = socket.getLocalPort();
    }
    Path file = write(yaml().replace("port: " + postgres.port(), "port: " + closed));
    int exit = execute("preview", file.toString());
    assertThat(exit).as(err.toString()).isEqualTo(ExitCode.SOURCE_UNAVAILABLE);
    assertThat(err.toString()).contains("Nothing accepts connections on localhost port " + closed)
        .doesNotContain("\tat ", "Exception");
  }

  @Test
  void validateWithConnectChecksWhatRunChecksAndCreatesNothing() throws Exception {
    int exit = execute("validate", "--connect", write(yaml()).toString());

    assertThat(exit).as(err.toString()).isZero();
    assertThat(out.toString()).startsWith("OK ");
    assertThat(folder.resolve("warehouse").resolve("ods")).doesNotExist();
    assertThat(TutorialFixture.slotActive(postgres, SampleDatabase.DATABASE, "cdc_orders")).isNull();
  }

  /** {@code run} and {@code validate --connect} refuse alike: one check before anything starts. */
  private void assertFails(int exitCode, String message, String yaml) throws IOException {
    String file = write(yaml).toString();
    for (String[] command : new String[][] {{"run", file}, {"validate", "--connect", file}}) {
      out.getBuffer().setLength(0);
      err.getBuffer().setLength(0);
      int exit = execute(command);
      assertThat(exit).as(command[0] + ": " + err).isEqualTo(exitCode);
      assertThat(err.toString()).contains(message).doesNotContain("\tat ", "Exception", "Caused by");
      assertThat(out.toString()).doesNotContain("Flink job", "OK ");
    }
  }

  private int execute(String... args) {
    return CdcWizardCli.commandLine().setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true))
        .execute(args);
  }

  private String yaml() {
    return TutorialFixture.pipelineYaml(postgres, folder.resolve("warehouse"), 1);
  }

  private Path write(String yaml) throws IOException {
    return Files.writeString(folder.resolve("pipeline.yaml"), yaml);
  }
}
