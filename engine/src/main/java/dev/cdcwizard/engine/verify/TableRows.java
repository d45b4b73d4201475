package dev.cdcwizard.engine.verify;

import java.util.function.Consumer;

/** One side of a comparison: a scan of a table's rows, in no particular order, at one fixed point. */
interface TableRows {
  void scan(Consumer<VerifiedRow> rows) throws Exception;
}
