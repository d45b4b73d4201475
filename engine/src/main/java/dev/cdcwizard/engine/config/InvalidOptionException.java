package dev.cdcwizard.engine.config;

import dev.cdcwizard.engine.message.FailureKind;
import dev.cdcwizard.engine.message.MessageKey;
import dev.cdcwizard.engine.message.PipelineMessage;
import dev.cdcwizard.engine.message.UserFailure;
import dev.cdcwizard.engine.message.UserMessage;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A pipeline definition that cannot run as written. The message names the section and key (its first
 * argument is {@code section.key}) and, once the reader knows it, the line of the YAML.
 */
public class InvalidOptionException extends IllegalArgumentException implements UserFailure {
  private final String section;
  private final String key;
  private final UserMessage problem;
  private final Integer line;

  public InvalidOptionException(String section, String key, MessageKey message, Object... arguments) {
    this(section, key, UserMessage.of(message, withLocation(location(section, key), arguments)), null);
  }

  private InvalidOptionException(String section, String key, UserMessage problem, Integer line) {
    super(located(problem, line).english());
    this.section = section;
    this.key = key;
    this.problem = problem;
    this.line = line;
  }

  public String section() {
    return section;
  }

  /** The offending key within its section, or null when the section as a whole is wrong. */
  public String key() {
    return key;
  }

  /** {@code section.key}, or the section alone. */
  public String location() {
    return location(section, key);
  }

  /** What is wrong, with the line when known, in the user's language. */
  @Override
  public UserMessage problem() {
    return located(problem, line);
  }

  @Override
  public FailureKind kind() {
    return FailureKind.INVALID_INPUT;
  }

  /** The same problem at {@code line} of the YAML; the first line found stays. */
  public InvalidOptionException atLine(int line) {
    if (this.line != null) {
      return this;
    }
    InvalidOptionException located = new InvalidOptionException(section, key, problem, line);
    located.initCause(this);
    return located;
  }

  private static UserMessage located(UserMessage problem, Integer line) {
    return line == null ? problem : UserMessage.of(PipelineMessage.YAML_AT_LINE, problem, line);
  }

  private static String location(String section, String key) {
    return section + (key == null ? "" : "." + key);
  }

  private static Object[] withLocation(String location, Object[] arguments) {
    List<Object> all = new ArrayList<>();
    all.add(location);
    all.addAll(Arrays.asList(arguments));
    return all.toArray();
  }
}
