package dev.cdcwizard.engine.config;

import static dev.cdcwizard.engine.config.ConfigOption.notApplied;
import static dev.cdcwizard.engine.config.ConfigOption.optional;
import static dev.cdcwizard.engine.config.ConfigOption.withDefault;

import java.time.Duration;
import java.util.List;

/** The keys of the {@code pipeline} section. */
public final class PipelineOptions {
  public static final ConfigOption<String> NAME =
      withDefault("name", String.class, "Flink CDC Pipeline Job", "Name of the Flink job.");
  public static final ConfigOption<Integer> PARALLELISM =
      withDefault("parallelism", Integer.class, 1, "Parallelism of the pipeline's operators.").atLeast(1);
  public static final ConfigOption<String> LOCAL_TIME_ZONE = optional("local-time-zone",
      String.class, "Flink CDC's session time zone, e.g. UTC. CDC Wizard's engine writes timestamptz "
          + "as UTC instants and timestamp as written, so it needs none.");
  public static final ConfigOption<SchemaChangeBehavior> SCHEMA_CHANGE_BEHAVIOR = withDefault(
      "schema.change.behavior", SchemaChangeBehavior.class, SchemaChangeBehavior.LENIENT,
      "What a schema change does to the target: evolve, try_evolve, lenient, ignore or exception.");
  /**
   * A Flink setting, not a Flink CDC one: flink-cdc.sh takes it from the cluster's config.yaml. It is
   * accepted here so that one file can say everything a run needs.
   */
  public static final ConfigOption<Duration> CHECKPOINTING_INTERVAL = withDefault(
      "execution.checkpointing.interval", Duration.class, Duration.ofSeconds(3),
      "How often Flink checkpoints; each checkpoint commits the Iceberg writes.").engineOnly();

  public static final List<ConfigOption<?>> ALL =
      List.of(NAME, PARALLELISM, LOCAL_TIME_ZONE, SCHEMA_CHANGE_BEHAVIOR, CHECKPOINTING_INTERVAL);

  /** Keys of flink-cdc.sh's pipeline section that this engine accepts but does not apply. */
  public static final List<ConfigOption<?>> NOT_APPLIED = List.of(
      notApplied("execution.runtime-mode", "STREAMING or BATCH; the engine always streams."),
      notApplied("route-mode", "How routes match; the engine applies every matching route."),
      notApplied("operator.uid.prefix", "Prefix of the operators' uids."),
      notApplied("schema.operator.uid", "Uid of the schema operator; the engine has none."),
      notApplied("schema-operator.rpc-timeout", "Timeout of the schema operator; the engine has none."),
      notApplied("sink.partitioning.strategy", "How records are distributed to the sink."),
      notApplied("transform.decimal.precision.mode", "Decimal precision in transforms; the engine runs none."),
      notApplied("user-defined-function", "Functions for transforms; the engine runs none."),
      notApplied("model", "Models for transforms; the engine runs none."));

  private PipelineOptions() {}

  /** Flink CDC's schema change behaviors, spelled as in YAML. */
  public enum SchemaChangeBehavior implements KeyedEnum {
    EVOLVE("evolve"),
    TRY_EVOLVE("try_evolve"),
    LENIENT("lenient"),
    IGNORE("ignore"),
    EXCEPTION("exception");

    private final String key;

    SchemaChangeBehavior(String key) {
      this.key = key;
    }

    @Override
    public String key() {
      return key;
    }

    /** Whether added columns reach the target. */
    public boolean addsColumns() {
      return this == EVOLVE || this == TRY_EVOLVE || this == LENIENT;
    }
  }
}
