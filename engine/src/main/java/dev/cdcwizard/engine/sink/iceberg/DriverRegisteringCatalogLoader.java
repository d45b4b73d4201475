package dev.cdcwizard.engine.sink.iceberg;

import dev.cdcwizard.engine.sink.iceberg.IcebergCatalogs;
import java.sql.Driver;
import java.util.ServiceLoader;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.flink.CatalogLoader;

/**
 * Loads a JDBC catalog after registering the JDBC drivers of the class loader it runs in. Iceberg's
 * JdbcCatalog asks {@code DriverManager}, which scans for drivers once per JVM and hands a caller only
 * drivers its own class loader can see: on a session cluster a second job, in a class loader of its
 * own, found only the first job's driver and failed with "No suitable driver found" until a restart.
 * Loading the drivers as services from this class's loader registers them there (each driver registers
 * itself when its class initializes), once per class loader.
 */
final class DriverRegisteringCatalogLoader implements CatalogLoader {
  private static final long serialVersionUID = 1L;
  private static volatile boolean registered;

  private final CatalogLoader catalog;

  private DriverRegisteringCatalogLoader(CatalogLoader catalog) {
    this.catalog = catalog;
  }

  /**
   * Typed as the interface so that callers' classes verify without loading this one: the YAML tools
   * load {@link IcebergCatalogs} on a class path without Iceberg's Flink classes.
   */
  static CatalogLoader around(CatalogLoader catalog) {
    return new DriverRegisteringCatalogLoader(catalog);
  }

  @Override
  public Catalog loadCatalog() {
    registerDrivers();
    return catalog.loadCatalog();
  }

  private static void registerDrivers() {
    if (!registered) {
      synchronized (DriverRegisteringCatalogLoader.class) {
        if (!registered) {
          ServiceLoader.load(Driver.class, DriverRegisteringCatalogLoader.class.getClassLoader())
              .forEach(driver -> { });
          registered = true;
        }
      }
    }
  }

  @Override
  public CatalogLoader clone() {
    return new DriverRegisteringCatalogLoader(catalog.clone());
  }

  @Override
  public String toString() {
    return catalog.toString();
  }
}
