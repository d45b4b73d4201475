package dev.cdcwizard.engine.postgres.preflight;

import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.postgres.PostgresMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The fix of one check result, line by line: SQL to run, and notes for whoever runs it, which become
 * SQL comments in the reader's language. SQL that starts with {@code --} needs a human decision.
 */
public record FixSql(List<Line> lines) {
  public static final FixSql NONE = new FixSql(List.of());

  /** SQL (null for a note on a line of its own), then a note on the same line (null for none). */
  public record Line(String sql, UserMessage note) {}

  public FixSql {
    lines = List.copyOf(lines);
  }

  /** SQL without notes; blank SQL is no fix. */
  static FixSql sql(String sql) {
    return sql == null || sql.isBlank() ? NONE : NONE.then(sql.strip());
  }

  FixSql then(String sql) {
    return with(new Line(sql, null));
  }

  FixSql note(PostgresMessage key, Object... arguments) {
    return with(new Line(null, UserMessage.of(key, arguments)));
  }

  /** A note at the end of the last SQL line. */
  FixSql noteAtEnd(PostgresMessage key, Object... arguments) {
    Line last = lines.get(lines.size() - 1);
    List<Line> all = new ArrayList<>(lines.subList(0, lines.size() - 1));
    all.add(new Line(last.sql(), UserMessage.of(key, arguments)));
    return new FixSql(all);
  }

  public boolean isEmpty() {
    return lines.isEmpty();
  }

  /** The script, each note put into words by {@code text}. */
  public String render(Function<UserMessage, String> text) {
    return lines.stream().map(line -> {
      if (line.note() == null) {
        return line.sql();
      }
      String note = "-- " + text.apply(line.note());
      return line.sql() == null ? note : line.sql() + "  " + note;
    }).collect(Collectors.joining("\n"));
  }

  private FixSql with(Line line) {
    List<Line> all = new ArrayList<>(lines);
    all.add(line);
    return new FixSql(all);
  }
}
