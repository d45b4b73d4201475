package dev.cdcwizard.engine.sink.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cdcwizard.engine.admission.PipelineRefusedException;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.PipelineYamlReader;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.testing.PostgresPairFixture;
import dev.cdcwizard.i18n.Localization;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The target plan against two real servers: what is created, what an existing table lacks, which types
 * the target does not have, and which privileges the target role misses, all before anything runs.
 */
class PostgresTargetPlanIT {
  private static final List<TableId> SOURCES = List.of(TableId.of("public", "orders"));

  private PostgresPairFixture pair;

  @BeforeEach
  void start() throws Exception {
    pair = PostgresPairFixture.start("plan");
    pair.onSource("CREATE TYPE public.status AS ENUM ('NEW', 'PAID')",
        "CREATE TABLE public.orders (id bigint PRIMARY KEY, \"Amount\" numeric(10,2) NOT NULL, status public.status,"
            + " tags text[], at timestamptz)");
  }

  @AfterEach
  void stop() {
    pair.close();
  }

  private PipelineDefinition pipeline(String user, String... extra) {
    String yaml = pair.pipelineYaml("public.orders", "plan_it", extra);
    return new PipelineYamlReader().read(yaml.replace("  database: target\n  username: postgres",
        "  database: target\n  username: " + user));
  }

  @Test
  void createsTheSchemaAndTableWithTheSourceTypes() throws Exception {
    TargetPlan plan = new PostgresTargetPreparer().prepare(pipeline("postgres",
        "route:", "  - source-table: public.orders", "    sink-table: Sales.orders"), SOURCES);

    assertThat(plan.problems()).isEmpty();
    assertThat(plan.notes()).singleElement().asString().contains("enum public.status", "text");
    assertThat(plan.script(Localization.ENGLISH)).contains("CREATE SCHEMA IF NOT EXISTS \"Sales\"",
        "\"Amount\" numeric(10,2) NOT NULL", "\"status\" text", "\"tags\" text[]", "\"at\" timestamp with time zone",
        "PRIMARY KEY (\"id\")");
    assertThat(new PostgresTargetPreparer().plan(pipeline("postgres",
        "route:", "  - source-table: public.orders", "    sink-table: Sales.orders"), SOURCES).statements())
        .as("prepared once, nothing is left to create").isEmpty();
  }

  /**
   * What a copy stopped before it built the key leaves: its rows are redone by the next copy, which builds the
   * key, so the plan takes the table as it is; emptied, the plan builds the key. A user's table without one is refused.
   */
  @Test
  void aTableTheEngineCreatedGetsBackTheKeyACopyLeftItWithout() throws Exception {
    new PostgresTargetPreparer().prepare(pipeline("postgres"), SOURCES);
    pair.onTarget("ALTER TABLE public.orders DROP CONSTRAINT orders_pkey",
        "INSERT INTO public.orders (id, \"Amount\") VALUES (1, 2.50)");

    TargetPlan withRows = new PostgresTargetPreparer().plan(pipeline("postgres"), SOURCES);
    assertThat(withRows.problems()).isEmpty();
    assertThat(withRows.statements()).as("no key built over rows the next copy redoes").isEmpty();

    pair.onTarget("DELETE FROM public.orders");
    TargetPlan plan = new PostgresTargetPreparer().prepare(pipeline("postgres"), SOURCES);
    assertThat(plan.statements()).containsExactly("ALTER TABLE \"public\".\"orders\" ADD PRIMARY KEY (\"id\")");
    assertThat(new PostgresTargetPreparer().plan(pipeline("postgres"), SOURCES).statements()).isEmpty();

    pair.onTarget("ALTER TABLE public.orders DROP CONSTRAINT orders_pkey", "COMMENT ON TABLE public.orders IS NULL");
    assertThat(new PostgresTargetPreparer().plan(pipeline("postgres"), SOURCES).problems())
        .singleElement().asString().contains("primary key");
  }

  @Test
  void anExistingTableThatLacksAColumnGetsItUnderEvolve() throws Exception {
    pair.onTarget("CREATE TYPE public.status AS ENUM ('NEW', 'PAID')",
        "CREATE TABLE public.orders (id bigint PRIMARY KEY, \"Amount\" numeric(10,2) NOT NULL, status public.status,"
            + " tags text[])");

    TargetPlan plan = new PostgresTargetPreparer().plan(pipeline("postgres",
        "pipeline:", "  schema.change.behavior: evolve"), SOURCES);

    assertThat(plan.problems()).isEmpty();
    assertThat(plan.statements()).containsExactly(
        "ALTER TABLE \"public\".\"orders\" ADD COLUMN IF NOT EXISTS \"at\" timestamp with time zone");
  }

  @Test
  void aRoleWithoutPrivilegesIsToldWhichGrantItNeeds() throws Exception {
    pair.onTarget("CREATE ROLE reader LOGIN", "REVOKE CREATE ON DATABASE target FROM PUBLIC",
        "REVOKE CREATE ON SCHEMA public FROM PUBLIC");

    assertThatThrownBy(() -> new PostgresTargetPreparer().prepare(pipeline("reader",
        "route:", "  - source-table: public.orders", "    sink-table: ods.orders"), SOURCES))
        .isInstanceOf(PipelineRefusedException.class)
        .hasMessageContaining("may not create the schema(s) ods").hasMessageContaining("GRANT CREATE ON DATABASE");
    assertThat(new PostgresTargetPreparer().plan(pipeline("reader"), SOURCES).problems())
        .singleElement().asString().contains("may not create tables in schema public", "GRANT CREATE ON SCHEMA");
  }
}
