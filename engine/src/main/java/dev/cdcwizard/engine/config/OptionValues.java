package dev.cdcwizard.engine.config;

import dev.cdcwizard.engine.message.PipelineMessage;
import dev.cdcwizard.engine.message.UserMessage;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.StringJoiner;

/**
 * The string values of one section of a pipeline definition, read through {@link ConfigOption}s.
 * Values stay strings until read, so a definition can be written back exactly as it came in.
 */
public final class OptionValues {
  private final String section;
  private final Map<String, String> values;

  public OptionValues(String section, Map<String, String> values) {
    this.section = section;
    this.values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
  }

  public String section() {
    return section;
  }

  public Map<String, String> asMap() {
    return values;
  }

  public boolean contains(ConfigOption<?> option) {
    return values.containsKey(option.key());
  }

  /** The value, or the option's default; an absent required key is an error naming it. */
  public <T> T get(ConfigOption<T> option) {
    return find(option)
        .or(option::defaultValueIfAny)
        .orElseThrow(() -> option.required()
            ? new InvalidOptionException(section, option.key(), PipelineMessage.YAML_REQUIRED)
            : new InvalidOptionException(section, option.key(), PipelineMessage.YAML_NO_DEFAULT));
  }

  public <T> Optional<T> find(ConfigOption<T> option) {
    String raw = values.get(option.key());
    return raw == null ? Optional.empty() : Optional.of(convert(option, raw.trim()));
  }

  /** The keys starting with {@code prefix}, with the prefix removed: {@code debezium.*} and the like. */
  public Map<String, String> withPrefix(String prefix) {
    Map<String, String> result = new LinkedHashMap<>();
    values.forEach((key, value) -> {
      if (key.startsWith(prefix) && key.length() > prefix.length()) {
        result.put(key.substring(prefix.length()), value);
      }
    });
    return result;
  }

  private <T> T convert(ConfigOption<T> option, String raw) {
    Class<T> type = option.type();
    try {
      Object value;
      if (type == String.class) {
        value = raw;
      } else if (type == Integer.class) {
        value = Integer.valueOf(raw);
      } else if (type == Long.class) {
        value = Long.valueOf(raw);
      } else if (type == Boolean.class) {
        value = parseBoolean(raw);
      } else if (type == Duration.class) {
        value = DurationParser.parse(raw);
      } else if (type.isEnum()) {
        value = parseEnum(type, raw);
      } else {
        throw new IllegalStateException("Unsupported option type " + type);
      }
      checkRange(option, value, raw);
      return type.cast(value);
    } catch (InvalidOptionException e) {
      throw e;
    } catch (IllegalArgumentException e) {
      throw new InvalidOptionException(section, option.key(), PipelineMessage.YAML_INVALID_VALUE, raw, expected(type));
    }
  }

  private void checkRange(ConfigOption<?> option, Object value, String raw) {
    if (!(value instanceof Number number)) {
      return;
    }
    long given = number.longValue();
    if (option.max() != null && (given > option.max() || given < option.min())) {
      throw new InvalidOptionException(section, option.key(), PipelineMessage.YAML_OUT_OF_RANGE, raw,
          String.valueOf(option.min()), String.valueOf(option.max()));
    }
    if (option.min() != null && given < option.min()) {
      throw new InvalidOptionException(section, option.key(), PipelineMessage.YAML_AT_LEAST, raw,
          String.valueOf(option.min()));
    }
  }

  private static Boolean parseBoolean(String raw) {
    return switch (raw.toLowerCase(Locale.ROOT)) {
      case "true" -> Boolean.TRUE;
      case "false" -> Boolean.FALSE;
      default -> throw new IllegalArgumentException(raw);
    };
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static Object parseEnum(Class<?> type, String raw) {
    for (Object constant : type.getEnumConstants()) {
      if (constant instanceof KeyedEnum keyed ? keyed.key().equalsIgnoreCase(raw)
          : ((Enum) constant).name().equalsIgnoreCase(raw.replace('-', '_'))) {
        return constant;
      }
    }
    throw new IllegalArgumentException(raw);
  }

  private static UserMessage expected(Class<?> type) {
    if (type.isEnum()) {
      StringJoiner names = new StringJoiner(", ");
      for (Object constant : type.getEnumConstants()) {
        names.add(constant instanceof KeyedEnum keyed ? keyed.key() : ((Enum<?>) constant).name().toLowerCase(Locale.ROOT));
      }
      return UserMessage.of(PipelineMessage.YAML_EXPECTED_ONE_OF, names.toString());
    }
    if (type == Duration.class) {
      return UserMessage.of(PipelineMessage.YAML_EXPECTED_DURATION);
    }
    return UserMessage.of(type == Boolean.class ? PipelineMessage.YAML_EXPECTED_BOOLEAN : PipelineMessage.YAML_EXPECTED_NUMBER);
  }
}
