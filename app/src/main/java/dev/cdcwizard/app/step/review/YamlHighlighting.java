package dev.cdcwizard.app.step.review;

import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fxmisc.richtext.model.StyleSpans;
import org.fxmisc.richtext.model.StyleSpansBuilder;

/**
 * Style classes for the pipeline YAML: comments, keys, quoted strings, list dashes. A line-level
 * regular expression is enough for the block-style YAML the engine writes.
 */
final class YamlHighlighting {
  private static final Pattern TOKENS = Pattern.compile(
      "(?<COMMENT>#[^\\n]*)"
          + "|(?<KEY>^[ \\t]*(?:- )?[A-Za-z0-9_.\\-]+(?=:(?:\\s|$)))"
          + "|(?<STRING>\"(?:[^\"\\\\\\n]|\\\\.)*\"|'(?:[^'\\n]|'')*')"
          + "|(?<DASH>^[ \\t]*-(?=\\s))",
      Pattern.MULTILINE);

  private YamlHighlighting() {}

  static StyleSpans<Collection<String>> styles(String text) {
    StyleSpansBuilder<Collection<String>> spans = new StyleSpansBuilder<>();
    Matcher matcher = TOKENS.matcher(text);
    int last = 0;
    while (matcher.find()) {
      String style = matcher.group("COMMENT") != null ? "yaml-comment"
          : matcher.group("KEY") != null ? "yaml-key"
          : matcher.group("STRING") != null ? "yaml-string" : "yaml-dash";
      spans.add(Collections.emptyList(), matcher.start() - last);
      spans.add(List.of(style), matcher.end() - matcher.start());
      last = matcher.end();
    }
    spans.add(Collections.emptyList(), text.length() - last);
    return spans.create();
  }
}
