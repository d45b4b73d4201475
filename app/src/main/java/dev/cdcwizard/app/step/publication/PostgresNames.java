package dev.cdcwizard.app.step.publication;

import java.util.regex.Pattern;

/** PostgreSQL's rules for the names this step asks for. */
final class PostgresNames {
  // a slot name may hold lower-case letters, digits and underscores only (ReplicationSlotValidateName)
  private static final Pattern SLOT = Pattern.compile("[a-z0-9_]{1,63}");
  // a publication name written without quotes: no quoting surprises in the YAML or the SQL shown
  private static final Pattern PLAIN_IDENTIFIER = Pattern.compile("[a-z_][a-z0-9_$]{0,62}");

  private PostgresNames() {}

  static boolean isValidSlotName(String name) {
    return name != null && SLOT.matcher(name).matches();
  }

  static boolean isPlainIdentifier(String name) {
    return name != null && PLAIN_IDENTIFIER.matcher(name).matches();
  }
}
