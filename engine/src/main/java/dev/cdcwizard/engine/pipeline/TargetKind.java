package dev.cdcwizard.engine.pipeline;

import dev.cdcwizard.engine.config.PostgresSinkOptions;

/**
 * The kind of target a pipeline writes to, read once from its {@code sink} section. Each engine layer
 * whose work differs by target chooses its target's strategy from this once, with a switch that the
 * compiler checks covers every kind (EngineArchitectureTest keeps the choices to those places).
 */
public enum TargetKind {
  /** An Iceberg catalog: Flink CDC's {@code iceberg} sink, every key its own. */
  ICEBERG(false),
  /** A PostgreSQL database: CDC Wizard's own sink ({@code type: postgres}). */
  POSTGRES(true);

  private final boolean keepsUnchangedValues;

  TargetKind(boolean keepsUnchangedValues) {
    this.keepsUnchangedValues = keepsUnchangedValues;
  }

  /**
   * Whether the target can leave a column alone when an UPDATE sends no value for it (an unchanged TOAST
   * value): an UPDATE of a PostgreSQL target sets only the columns it has; Iceberg rewrites whole rows.
   */
  public boolean keepsUnchangedValues() {
    return keepsUnchangedValues;
  }

  static TargetKind of(String sinkType) {
    return PostgresSinkOptions.TYPE_VALUE.equals(sinkType.trim()) ? POSTGRES : ICEBERG;
  }
}
