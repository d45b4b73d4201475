package dev.cdcwizard.engine.flinkrest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;

/**
 * Short messages out of what Flink reports: the REST API's {@code {"errors": [...]}} bodies and the
 * stack traces of job exceptions, where the useful line is the innermost "Caused by".
 */
public final class RestErrors {
  private static final ObjectMapper JSON = new ObjectMapper();

  private RestErrors() {}

  /** The entries of an error body, or the body itself when it is not one. */
  public static List<String> errors(String body) {
    List<String> errors = new ArrayList<>();
    try {
      JsonNode node = JSON.readTree(body);
      if (node != null && node.path("errors").isArray()) {
        node.path("errors").forEach(error -> errors.add(error.asText()));
      }
    } catch (java.io.IOException e) {
      // not JSON: a proxy's or another server's page
    }
    if (errors.isEmpty() && body != null && !body.isBlank()) {
      errors.add(body.strip());
    }
    return errors;
  }

  /** The root cause line of a Java stack trace text: the last "Caused by:", else the first line. */
  public static String rootCause(String stackTrace) {
    if (stackTrace == null || stackTrace.isBlank()) {
      return "";
    }
    String[] lines = stackTrace.split("\\R");
    String root = lines[0].strip();
    for (String line : lines) {
      String stripped = line.strip();
      if (stripped.startsWith("Caused by: ")) {
        root = stripped.substring("Caused by: ".length());
      }
    }
    return withoutExceptionClass(root);
  }

  /** "org.postgresql.util.PSQLException: FATAL: ..." -> "FATAL: ... (PSQLException)". */
  static String withoutExceptionClass(String line) {
    int colon = line.indexOf(": ");
    if (colon <= 0 || line.substring(0, colon).contains(" ")) {
      return line;
    }
    String className = line.substring(0, colon);
    String simpleName = className.substring(className.lastIndexOf('.') + 1);
    return line.substring(colon + 2).strip() + " (" + simpleName + ")";
  }

  /** The most telling message of an error body: the root cause of its longest entry. */
  public static String summary(String body) {
    List<String> errors = errors(body);
    String longest = errors.stream().max((a, b) -> Integer.compare(a.length(), b.length())).orElse("");
    String root = rootCause(longest);
    return root.isEmpty() ? String.join("; ", errors) : root;
  }
}
