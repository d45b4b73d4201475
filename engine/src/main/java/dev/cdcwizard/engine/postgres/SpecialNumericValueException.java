package dev.cdcwizard.engine.postgres;

/**
 * A numeric NaN or Infinity in a column declared with a precision: the target's decimal column cannot hold
 * it (Debezium refuses it too in its precise decimal mode, which the engine's types follow).
 */
public final class SpecialNumericValueException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;
  private final String column;

  public SpecialNumericValueException(String column) {
    super("numeric NaN or Infinity in column " + column + ": a decimal column cannot hold it");
    this.column = column;
  }

  public String column() {
    return column;
  }
}
