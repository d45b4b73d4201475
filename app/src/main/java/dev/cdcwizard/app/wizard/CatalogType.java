package dev.cdcwizard.app.wizard;

import java.util.Locale;
import java.util.Optional;

/**
 * The Iceberg catalogs the target step has fields for, by their {@code catalog.properties.type}; any
 * other catalog (hive, glue, nessie, a {@code catalog-impl}) is {@link #OTHER}, given by its properties.
 */
public enum CatalogType {
  HADOOP("hadoop"), REST("rest"), JDBC("jdbc"), OTHER(null);

  private final String type;

  CatalogType(String type) {
    this.type = type;
  }

  /** The {@code type} property's value; empty for {@link #OTHER}, whose properties name it. */
  public Optional<String> type() {
    return Optional.ofNullable(type);
  }

  /** The catalog a {@code type} names, {@link #OTHER} for one without fields of its own. */
  public static CatalogType of(String type) {
    String name = type == null ? "" : type.strip().toLowerCase(Locale.ROOT);
    for (CatalogType candidate : values()) {
      if (name.equals(candidate.type)) {
        return candidate;
      }
    }
    return OTHER;
  }
}
