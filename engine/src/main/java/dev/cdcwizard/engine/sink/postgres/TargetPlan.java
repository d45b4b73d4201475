package dev.cdcwizard.engine.sink.postgres;

import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.pipeline.TableId;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What preparing a PostgreSQL target does and why it may not: the DDL to run (schemas and tables to
 * create, columns to add), notes on type choices, and the problems that stop the pipeline before it
 * starts (an existing table whose columns do not fit, named column by column).
 *
 * @param targets each target table with the source tables routed into it, in the order of the sources
 * @param created the target tables the statements create
 */
public record TargetPlan(
    Map<TableId, List<TableId>> targets, List<String> statements, List<UserMessage> notes,
    List<UserMessage> problems, List<TableId> created) {
  public TargetPlan {
    targets = Collections.unmodifiableMap(new LinkedHashMap<>(targets));
    statements = List.copyOf(statements);
    notes = List.copyOf(notes);
    problems = List.copyOf(problems);
    created = List.copyOf(created);
  }

  /** A plan that creates no table. */
  public TargetPlan(Map<TableId, List<TableId>> targets, List<String> statements, List<UserMessage> notes,
      List<UserMessage> problems) {
    this(targets, statements, notes, problems, List.of());
  }

  /** The statements as one SQL script, with the notes as comments in {@code locale}: what the wizard shows. */
  public String script(Locale locale) {
    StringBuilder sql = new StringBuilder();
    notes.forEach(note -> sql.append("-- ").append(note.text(locale)).append('\n'));
    statements.forEach(statement -> sql.append(statement).append(";\n"));
    return sql.toString();
  }
}
