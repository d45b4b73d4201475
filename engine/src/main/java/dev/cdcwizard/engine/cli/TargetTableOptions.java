package dev.cdcwizard.engine.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The pipeline file and the {@code --table} choice of the commands that look at a pipeline's target
 * tables ({@code preview}, {@code table-health}, {@code verify}, {@code expire-snapshots}), and how an
 * unknown table is told, the same way for each.
 */
final class TargetTableOptions {
  @Parameters(paramLabel = "FILE", descriptionKey = "cli.help.common.pipelineFile")
  Path file;

  @Option(names = "--table", paramLabel = "NS.TABLE", descriptionKey = "cli.help.common.targetTable")
  String table;

  /** The targets {@code --table} names, or all of them without it; compared by their {@code ns.table} names. */
  <T> List<T> chosen(Collection<T> targets) {
    return targets.stream().filter(target -> table == null || table.equals(target.toString())).toList();
  }

  /** Whether {@code --table} names no target of the pipeline; then it says so on {@code err}. */
  boolean namesNone(Collection<?> chosen, PrintWriter err, Locale locale) {
    if (table != null && chosen.isEmpty()) {
      err.println(CliMessage.NO_SUCH_TARGET.format(locale, table));
      return true;
    }
    return false;
  }
}
