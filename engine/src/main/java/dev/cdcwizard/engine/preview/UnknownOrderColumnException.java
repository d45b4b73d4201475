package dev.cdcwizard.engine.preview;

import java.util.List;

/** A preview asked to order a target table's rows by something that is not one of its columns. */
public final class UnknownOrderColumnException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final String orderBy;
  private final List<String> columns;

  UnknownOrderColumnException(String orderBy, List<String> columns) {
    super("no column " + orderBy);
    this.orderBy = orderBy;
    this.columns = List.copyOf(columns);
  }

  public String orderBy() {
    return orderBy;
  }

  public List<String> columns() {
    return columns;
  }
}
