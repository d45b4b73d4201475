package dev.cdcwizard.i18n;

/**
 * Where a text is read. A text written once for both says how to act through a phrase, {@code {$name}},
 * that each surface words its own way ({@code phrase.name.cli} and {@code phrase.name.wizard} in the
 * bundles): the wizard offers its button, the command line its flag, so neither names the other's.
 */
public enum Surface {
  COMMAND_LINE("cli"),
  WIZARD("wizard");

  private final String keySuffix;

  Surface(String keySuffix) {
    this.keySuffix = keySuffix;
  }

  /** The key of {@code phrase} as this surface words it. */
  public String phraseKey(String phrase) {
    return "phrase." + phrase + "." + keySuffix;
  }
}
