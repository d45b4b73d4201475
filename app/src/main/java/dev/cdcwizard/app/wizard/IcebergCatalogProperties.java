package dev.cdcwizard.app.wizard;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javafx.beans.property.StringProperty;
import org.apache.iceberg.CatalogProperties;
import org.apache.iceberg.aws.AwsClientProperties;
import org.apache.iceberg.aws.s3.S3FileIOProperties;
import org.apache.iceberg.jdbc.JdbcCatalog;
import org.apache.iceberg.rest.auth.OAuth2Properties;

/**
 * The one mapping between the target step's catalog fields and the sink's {@code catalog.properties.*}
 * (prefix removed), both ways: Iceberg's own property names, so that flink-cdc.sh reads the YAML as
 * this engine does. A field left empty writes no key.
 */
public final class IcebergCatalogProperties {
  public static final String TYPE = "type";
  static final String JDBC_USER = JdbcCatalog.PROPERTY_PREFIX + "user";
  static final String JDBC_PASSWORD = JdbcCatalog.PROPERTY_PREFIX + "password";

  private IcebergCatalogProperties() {}

  /** The keys the fields of a catalog type write: an {@link CatalogType#OTHER} line may not repeat them. */
  public static List<String> fieldKeys(CatalogType type) {
    List<String> storage = List.of(CatalogProperties.WAREHOUSE_LOCATION, S3FileIOProperties.ENDPOINT,
        AwsClientProperties.CLIENT_REGION, S3FileIOProperties.PATH_STYLE_ACCESS, S3FileIOProperties.ACCESS_KEY_ID,
        S3FileIOProperties.SECRET_ACCESS_KEY);
    return switch (type) {
      case HADOOP -> concat(List.of(TYPE), storage);
      case REST -> concat(List.of(TYPE, CatalogProperties.URI, OAuth2Properties.CREDENTIAL, OAuth2Properties.TOKEN),
          storage);
      case JDBC -> concat(List.of(TYPE, CatalogProperties.URI, JDBC_USER, JDBC_PASSWORD), storage);
      case OTHER -> storage;
    };
  }

  /** The fields' properties, then the other lines' (which repeat no field's key: the step refuses that). */
  public static Map<String, String> of(IcebergCatalogSettings catalog) {
    Map<String, String> properties = new LinkedHashMap<>();
    CatalogType type = catalog.typeProperty().get();
    type.type().ifPresent(value -> properties.put(TYPE, value));
    String warehouse = catalog.warehouseProperty().get().strip();
    if (!warehouse.isEmpty()) {
      properties.put(CatalogProperties.WAREHOUSE_LOCATION, warehouseUri(warehouse));
    }
    if (type == CatalogType.REST || type == CatalogType.JDBC) {
      put(properties, CatalogProperties.URI, catalog.uriProperty());
    }
    if (type == CatalogType.REST) {
      put(properties, OAuth2Properties.CREDENTIAL, catalog.credentialProperty());
      put(properties, OAuth2Properties.TOKEN, catalog.tokenProperty());
    }
    if (type == CatalogType.JDBC) {
      put(properties, JDBC_USER, catalog.jdbcUserProperty());
      if (!catalog.jdbcPasswordProperty().get().isEmpty()) {
        properties.put(JDBC_PASSWORD, catalog.jdbcPasswordProperty().get());
      }
    }
    put(properties, S3FileIOProperties.ENDPOINT, catalog.s3EndpointProperty());
    put(properties, AwsClientProperties.CLIENT_REGION, catalog.s3RegionProperty());
    if (catalog.s3PathStyleAccessProperty().get()) {
      properties.put(S3FileIOProperties.PATH_STYLE_ACCESS, "true");
    }
    put(properties, S3FileIOProperties.ACCESS_KEY_ID, catalog.s3AccessKeyIdProperty());
    put(properties, S3FileIOProperties.SECRET_ACCESS_KEY, catalog.s3SecretAccessKeyProperty());
    KeyValueLines.parse(catalog.otherPropertiesProperty().get(), "=").orElse(Map.of()).forEach(properties::putIfAbsent);
    return properties;
  }

  /** Fills the fields from a sink's catalog properties; what no field of that catalog type shows goes into the lines. */
  public static void fill(IcebergCatalogSettings catalog, Map<String, String> catalogProperties) {
    Map<String, String> rest = new LinkedHashMap<>(catalogProperties);
    CatalogType type = rest.containsKey(CatalogProperties.CATALOG_IMPL) ? CatalogType.OTHER
        : CatalogType.of(rest.get(TYPE));
    catalog.typeProperty().set(type);
    if (type != CatalogType.OTHER) {
      rest.remove(TYPE);
    }
    Function<String, String> take = key -> Optional.ofNullable(rest.remove(key)).orElse("");
    catalog.warehouseProperty().set(take.apply(CatalogProperties.WAREHOUSE_LOCATION));
    boolean service = type == CatalogType.REST || type == CatalogType.JDBC;
    catalog.uriProperty().set(service ? take.apply(CatalogProperties.URI) : "");
    catalog.credentialProperty().set(type == CatalogType.REST ? take.apply(OAuth2Properties.CREDENTIAL) : "");
    catalog.tokenProperty().set(type == CatalogType.REST ? take.apply(OAuth2Properties.TOKEN) : "");
    catalog.jdbcUserProperty().set(type == CatalogType.JDBC ? take.apply(JDBC_USER) : "");
    catalog.jdbcPasswordProperty().set(type == CatalogType.JDBC ? take.apply(JDBC_PASSWORD) : "");
    catalog.s3EndpointProperty().set(take.apply(S3FileIOProperties.ENDPOINT));
    catalog.s3RegionProperty().set(take.apply(AwsClientProperties.CLIENT_REGION));
    catalog.s3PathStyleAccessProperty().set(Boolean.parseBoolean(take.apply(S3FileIOProperties.PATH_STYLE_ACCESS)));
    catalog.s3AccessKeyIdProperty().set(take.apply(S3FileIOProperties.ACCESS_KEY_ID));
    catalog.s3SecretAccessKeyProperty().set(take.apply(S3FileIOProperties.SECRET_ACCESS_KEY));
    catalog.otherPropertiesProperty().set(rest.entrySet().stream()
        .map(entry -> entry.getKey() + "=" + entry.getValue()).collect(Collectors.joining("\n")));
  }

  /** A folder typed as a path becomes a file URI; a URI (s3://, hdfs://, file:) stays as typed. */
  public static String warehouseUri(String warehouse) {
    return warehouse.matches("[a-zA-Z][a-zA-Z0-9+.-]*:.*") && !warehouse.matches("[a-zA-Z]:\\\\.*")
        ? warehouse : Path.of(warehouse).toAbsolutePath().toUri().toString();
  }

  private static void put(Map<String, String> properties, String key, StringProperty field) {
    String value = field.get().strip();
    if (!value.isEmpty()) {
      properties.put(key, value);
    }
  }

  private static List<String> concat(List<String> first, List<String> second) {
    return Stream.concat(first.stream(), second.stream()).toList();
  }
}
