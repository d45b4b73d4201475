package dev.cdcwizard.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.postgres.testing.SharedPostgres;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class PostgresCommandsIT {
  private static EmbeddedPostgresServer server;
  private static String database;

  @BeforeAll
  static void createDatabase() throws Exception {
    server = SharedPostgres.server();
    database = SharedPostgres.newDatabase("cli");
    server.execute(database,
        "CREATE TABLE orders (id bigint PRIMARY KEY, amount numeric(10,2))",
        "ALTER TABLE orders REPLICA IDENTITY FULL",
        "CREATE TABLE \"Order Items\" (id int PRIMARY KEY)");
  }

  @AfterAll
  static void dropSlots() throws Exception {
    server.execute(database, "SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots"
        + " WHERE database = current_database() AND NOT active");
  }

  @Test
  void checkPrintsResultsAndTheFixScriptThenPassesOnceFixed() {
    Result before = run("check", "--tables", "public.orders", "--slot", "cli_slot", "--publication", "cli_pub");
    assertThat(before.exitCode).isEqualTo(1);
    assertThat(before.out).contains("PASS  WAL level", "FAIL  Publication", "Publication cli_pub does not exist.",
        "CREATE PUBLICATION \"cli_pub\" FOR TABLE \"public\".\"orders\"");

    Result create = run("publication", "create", "--publication", "cli_pub", "--tables", "public.orders");
    assertThat(create.exitCode).isZero();
    assertThat(create.out).contains("CREATE PUBLICATION \"cli_pub\"", "Done.");

    Result after = run("check", "--tables", "public.orders", "--slot", "cli_slot", "--publication", "cli_pub",
        "--least-privilege-role", "cdc_reader");
    assertThat(after.exitCode).isZero();
    assertThat(after.out).doesNotContain("FAIL").contains("CREATE ROLE \"cdc_reader\" WITH LOGIN REPLICATION");
  }

  @Test
  void tablesListsQuotedNamesWithKeys() {
    Result result = run("tables", "--columns");
    assertThat(result.exitCode).isZero();
    assertThat(result.out).contains("public.Order Items", "public.orders", "amount", "numeric(10,2)", "2 tables");
  }

  @Test
  void publicationDryRunOnlyPrints() {
    Result result = run("publication", "create", "--publication", "dry", "--tables", "\"Order Items\"", "--dry-run");
    assertThat(result.out).contains("CREATE PUBLICATION \"dry\" FOR TABLE \"public\".\"Order Items\"")
        .doesNotContain("Done.");
    assertThat(run("publication", "drop", "--publication", "dry").exitCode).isEqualTo(ExitCode.SOURCE_UNAVAILABLE);
  }

  @Test
  void slotsShowsAMissingAndAnExistingSlot() throws Exception {
    assertThat(run("slots", "--slot", "cli_watch").out).contains("Slot cli_watch does not exist.");
    server.execute(database, "SELECT pg_create_logical_replication_slot('cli_watch', 'pgoutput')");
    Result result = run("slots", "--slot", "cli_watch", "--watch", "1", "--samples", "2");
    assertThat(result.exitCode).isZero();
    assertThat(result.out.lines().filter(line -> line.startsWith("cli_watch "))).hasSize(2);
    assertThat(result.out).contains("WAL RETAINED", "reserved");
    assertThat(result.out.lines().filter(line -> line.startsWith("Warning: Slot cli_watch is not active")))
        .as("the monitor's warnings, at each sample").hasSize(2);
  }

  @Test
  void aConnectionFailureExplainsItself() {
    Result result = run("tables", "--database", "no_such_database");
    assertThat(result.exitCode).isEqualTo(ExitCode.SOURCE_UNAVAILABLE);
    assertThat(result.err).contains("There is no database no_such_database on the server.");
  }

  private static Result run(String... args) {
    List<String> all = new ArrayList<>(List.of(args));
    if (!all.contains("--database")) {
      all.addAll(List.of("--database", database));
    }
    all.addAll(List.of("--host", server.host(), "--port", Integer.toString(server.port()), "--sslmode", "disable"));
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exitCode = CdcWizardCli.commandLine().setOut(new PrintWriter(out, true))
        .setErr(new PrintWriter(err, true)).execute(all.toArray(String[]::new));
    return new Result(exitCode, out.toString(), err.toString());
  }

  private record Result(int exitCode, String out, String err) {}
}
