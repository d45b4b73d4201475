package dev.cdcwizard.engine.config;

/** A pipeline definition that cannot run as written; the message names the section and key. */
public class InvalidOptionException extends IllegalArgumentException {
  private final String section;
  private final String key;

  public InvalidOptionException(String section, String key, String problem) {
    super(section + (key == null ? "" : "." + key) + " " + problem);
    this.section = section;
    this.key = key;
  }

  public String section() {
    return section;
  }

  /** The offending key within its section, or null when the section as a whole is wrong. */
  public String key() {
    return key;
  }
}
