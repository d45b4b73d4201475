package dev.cdcwizard.app.wizard;

import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * The Iceberg catalog as the target step shows it: its type, the fields that type has (warehouse; a
 * REST service's URI, OAuth2 credential or token; a JDBC catalog's URL, user and password), the S3
 * object storage of any of them, and other properties as {@code key=value} lines.
 * {@link IcebergCatalogProperties} turns them into the sink's catalog properties and back. Has no
 * {@code toString}: it holds secrets.
 */
public final class IcebergCatalogSettings {
  private final ObjectProperty<CatalogType> type = new SimpleObjectProperty<>(this, "type", CatalogType.HADOOP);
  private final StringProperty warehouse = new SimpleStringProperty(this, "warehouse", "");
  private final StringProperty uri = new SimpleStringProperty(this, "uri", "");
  private final StringProperty credential = new SimpleStringProperty(this, "credential", "");
  private final StringProperty token = new SimpleStringProperty(this, "token", "");
  private final StringProperty jdbcUser = new SimpleStringProperty(this, "jdbcUser", "");
  private final StringProperty jdbcPassword = new SimpleStringProperty(this, "jdbcPassword", "");
  private final StringProperty s3Endpoint = new SimpleStringProperty(this, "s3Endpoint", "");
  private final StringProperty s3Region = new SimpleStringProperty(this, "s3Region", "");
  private final BooleanProperty s3PathStyleAccess = new SimpleBooleanProperty(this, "s3PathStyleAccess");
  private final StringProperty s3AccessKeyId = new SimpleStringProperty(this, "s3AccessKeyId", "");
  private final StringProperty s3SecretAccessKey = new SimpleStringProperty(this, "s3SecretAccessKey", "");
  private final StringProperty otherProperties = new SimpleStringProperty(this, "otherProperties", "");

  public ObjectProperty<CatalogType> typeProperty() {
    return type;
  }

  /** A folder or a URI (file:, s3://, hdfs://); a folder becomes a file URI in the pipeline. */
  public StringProperty warehouseProperty() {
    return warehouse;
  }

  /** The REST service's http(s) URL, or the JDBC catalog's database URL. */
  public StringProperty uriProperty() {
    return uri;
  }

  /** A REST catalog's OAuth2 client credentials, {@code client-id:client-secret}. */
  public StringProperty credentialProperty() {
    return credential;
  }

  /** A REST catalog's bearer token. */
  public StringProperty tokenProperty() {
    return token;
  }

  public StringProperty jdbcUserProperty() {
    return jdbcUser;
  }

  public StringProperty jdbcPasswordProperty() {
    return jdbcPassword;
  }

  /** An S3-compatible service's URL; empty for AWS S3. */
  public StringProperty s3EndpointProperty() {
    return s3Endpoint;
  }

  public StringProperty s3RegionProperty() {
    return s3Region;
  }

  public BooleanProperty s3PathStyleAccessProperty() {
    return s3PathStyleAccess;
  }

  /** Empty: the AWS default chain (environment, profile, web identity) gives the keys. */
  public StringProperty s3AccessKeyIdProperty() {
    return s3AccessKeyId;
  }

  public StringProperty s3SecretAccessKeyProperty() {
    return s3SecretAccessKey;
  }

  /** Catalog properties no field shows, one {@code key=value} a line. */
  public StringProperty otherPropertiesProperty() {
    return otherProperties;
  }
}
