package dev.cdcwizard.engine.testing;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Iceberg's REST catalog server (the iceberg-open-api test fixture) over a JDBC catalog, in a process of
 * its own: the fixture needs Iceberg unshaded. It reads its catalog properties from CATALOG_* variables.
 */
public final class RestCatalogServer implements AutoCloseable {
  private static final String MAIN = "org.apache.iceberg.rest.RESTCatalogServer";

  private final ChildJvm jvm;
  private final int port;

  private RestCatalogServer(ChildJvm jvm, int port) {
    this.jvm = jvm;
    this.port = port;
  }

  /** Serves a catalog with {@code backend} properties (catalog-impl, uri, warehouse, io-impl, s3.*, ...). */
  public static RestCatalogServer start(Map<String, String> backend, Path log) throws Exception {
    int port = ChildJvm.freePort();
    Map<String, String> properties = new HashMap<>(backend);
    properties.put("rest.port", Integer.toString(port));
    Map<String, String> env = new HashMap<>(S3CompatibleServer.CLIENT_ENVIRONMENT);
    properties.forEach((key, value) -> env.put(variable(key), value));
    return new RestCatalogServer(ChildJvm.start(TestServerClasspath.get(), MAIN, List.of(), env, port, log), port);
  }

  public String uri() {
    return "http://127.0.0.1:" + port;
  }

  @Override
  public void close() throws InterruptedException {
    jvm.close();
  }

  /** As the fixture reads them back: CATALOG_ prefix, {@code __} for '-', {@code _} for '.'. */
  private static String variable(String key) {
    return "CATALOG_" + key.replace("-", "__").replace(".", "_").toUpperCase(Locale.ROOT);
  }
}
