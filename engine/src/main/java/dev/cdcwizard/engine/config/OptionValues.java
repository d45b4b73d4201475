package dev.cdcwizard.engine.config;

import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

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
            ? new InvalidOptionException(section, option.key(), "is required")
            : new InvalidOptionException(section, option.key(), "has no value and no default"));
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
      return type.cast(value);
    } catch (IllegalArgumentException e) {
      throw new InvalidOptionException(section, option.key(),
          "has an invalid value '" + raw + "' (" + expected(type) + ")");
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

  private static String expected(Class<?> type) {
    if (type.isEnum()) {
      StringBuilder names = new StringBuilder("one of");
      for (Object constant : type.getEnumConstants()) {
        names.append(' ').append(constant instanceof KeyedEnum keyed ? keyed.key()
            : ((Enum<?>) constant).name().toLowerCase(Locale.ROOT));
      }
      return names.toString();
    }
    if (type == Duration.class) {
      return "a duration such as 3s, 500ms or 1min";
    }
    return "expected " + type.getSimpleName().toLowerCase(Locale.ROOT);
  }
}
