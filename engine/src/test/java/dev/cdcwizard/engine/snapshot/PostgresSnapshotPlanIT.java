package dev.cdcwizard.engine.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.job.PipelineJobFactory;
import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.pipeline.PipelineYamlReader;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.record.PreparedPipeline;
import dev.cdcwizard.engine.testing.PostgresPairFixture;
import java.sql.Connection;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Into PostgreSQL the engine's own snapshot copies text from COPY to COPY, so it takes a table only
 * where that text means the same on the target: columns of the source's type (an enum kept as text),
 * generated columns and columns the target lacks left out; money, whose text follows each server's
 * locale, leaves the pipeline to Flink CDC's snapshot, naming the columns.
 */
class PostgresSnapshotPlanIT {
  private static final String SLOT = "pg_plan_it";
  private PostgresPairFixture pair;

  @BeforeEach
  void start() throws Exception {
    pair = PostgresPairFixture.start("pgplan");
    pair.onSource("CREATE TYPE public.mood AS ENUM ('sad', 'happy')",
        "CREATE TABLE public.orders (id int PRIMARY KEY, amount numeric(10,2), feeling public.mood,"
            + " doubled numeric GENERATED ALWAYS AS (amount * 2) STORED)",
        "CREATE TABLE public.payments (id int PRIMARY KEY, paid money)",
        "CREATE PUBLICATION " + SLOT + " FOR TABLE public.orders, public.payments");
  }

  @AfterEach
  void stop() throws Exception {
    pair.dropSlot(SLOT);
    pair.close();
  }

  @Test
  void copiesColumnsOfTheSourcesTypeAndLeavesGeneratedOnesToTheTarget() throws Exception {
    SnapshotPlan.Planned planned = plan("public.orders");

    assertThat(planned.flinkCdcReasons()).isEmpty();
    SnapshotTable orders = planned.plan().tables().get(TableId.of("public", "orders"));
    assertThat(orders.postgresCopy().columns()).containsExactly("id", "amount", "feeling");
    assertThat(orders.postgresCopy().targets()).containsExactly(TableId.of("public", "orders"));
  }

  @Test
  void aColumnTheTargetLacksIsNotCopied() throws Exception {
    pair.onTarget("CREATE TABLE public.orders (id int PRIMARY KEY, feeling text)");

    SnapshotPlan.Planned planned = plan("public.orders", "pipeline:", "  schema.change.behavior: ignore");

    assertThat(planned.flinkCdcReasons()).isEmpty();
    assertThat(planned.plan().tables().get(TableId.of("public", "orders")).postgresCopy().columns())
        .containsExactly("id", "feeling");
  }

  @Test
  void moneyGoesToFlinkCdcsSnapshot() throws Exception {
    assertThat(plan("public.payments").flinkCdcReasons()).containsExactly(UserMessage.of(
        EngineMessage.SNAPSHOT_REASON_TARGET_TYPES, TableId.of("public", "payments"), "public.payments.paid"));
  }

  private SnapshotPlan.Planned plan(String table, String... extra) throws Exception {
    String yaml = pair.pipelineYaml(table, SLOT, extra);
    PreparedPipeline prepared = new PipelineJobFactory().prepare(new PipelineYamlReader().read(yaml));
    try (Connection connection = pair.source().connect(pair.sourceDatabase())) {
      return SnapshotPlan.plan(connection, prepared);
    }
  }
}
