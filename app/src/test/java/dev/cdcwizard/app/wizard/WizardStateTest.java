package dev.cdcwizard.app.wizard;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.pipeline.PipelineDefinitionBuilder;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.yaml.ImportReport;
import dev.cdcwizard.engine.yaml.KeptKeys;
import dev.cdcwizard.engine.yaml.PipelineImport;
import java.util.List;
import org.junit.jupiter.api.Test;

class WizardStateTest {
  private static final String SAVEPOINT = "file:/flink/savepoints/savepoint-4c1a9e-5b3f7d2a";

  private final WizardState state = new WizardState();

  @Test
  void aSavepointStaysForTheSameJobAndGoesWhenTheSourceSlotOrTargetChanges() {
    state.pipelineProperty().set(pipeline("inventory", "cdc_orders", "file:///tmp/warehouse"));
    state.resumeFromProperty().set(SAVEPOINT);

    state.pipelineProperty().set(pipeline("inventory", "cdc_orders", "file:///tmp/warehouse"));
    assertThat(state.resumeFromProperty().get()).as("the same pipeline, reviewed again").isEqualTo(SAVEPOINT);

    state.pipelineProperty().set(pipeline("inventory", "cdc_orders", "file:///tmp/lake"));
    assertThat(state.resumeFromProperty().get()).as("another target").isEmpty();

    state.resumeFromProperty().set(SAVEPOINT);
    state.pipelineProperty().set(pipeline("sales", "cdc_orders", "file:///tmp/lake"));
    assertThat(state.resumeFromProperty().get()).as("another database").isEmpty();

    state.resumeFromProperty().set(SAVEPOINT);
    state.pipelineProperty().set(pipeline("sales", "cdc_sales", "file:///tmp/lake"));
    assertThat(state.resumeFromProperty().get()).as("another slot").isEmpty();
  }

  private static PipelineImport pipeline(String database, String slot, String warehouse) {
    return new PipelineImport(new PipelineDefinitionBuilder()
        .connection("localhost", 5432, "postgres", "tutorial")
        .tables(database, List.of(TableId.of("public", "orders")))
        .slot(slot)
        .publication("cdc_orders")
        .hadoopWarehouse(warehouse)
        .build(), KeptKeys.NONE, new ImportReport(List.of()));
  }
}
