package dev.cdcwizard.engine.cli;

import dev.cdcwizard.engine.message.MessageKey;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.TargetKind;
import java.io.PrintWriter;
import java.util.Locale;

/** The one refusal of the commands that work on Iceberg tables only (expire-snapshots, widen-column). */
final class IcebergOnly {
  private IcebergOnly() {}

  /** Whether the pipeline writes somewhere else; then {@code why} is said on {@code err}. */
  static boolean refuses(PipelineDefinition definition, MessageKey why, PrintWriter err, Locale locale) {
    if (definition.sink().kind() == TargetKind.ICEBERG) {
      return false;
    }
    err.println(why.format(locale));
    return true;
  }
}
