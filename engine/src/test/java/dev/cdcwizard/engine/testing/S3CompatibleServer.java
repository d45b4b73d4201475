package dev.cdcwizard.engine.testing;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.gaul.s3proxy.AuthenticationType;
import org.gaul.s3proxy.S3Proxy;
import org.jclouds.ContextBuilder;
import org.jclouds.blobstore.BlobStore;
import org.jclouds.blobstore.BlobStoreContext;

/**
 * An S3 API over a local folder (s3proxy on jclouds' filesystem blob store), with signature checks, in
 * a process of its own: s3proxy needs Jetty 11, the engine's class path has Kafka Connect's Jetty 9.
 */
public final class S3CompatibleServer implements AutoCloseable {
  public static final String ACCESS_KEY = "cdcwizard-test";
  public static final String SECRET_KEY = "cdcwizard-test-secret";
  public static final String REGION = "us-east-1";
  /**
   * s3proxy does not take the integrity checksums the AWS SDK sends by default since 2.30, like many
   * S3-compatible services; its clients get the variables the README tells users of such a service to
   * set (engine/pom.xml sets them for the ITs, and so for the local cluster's processes).
   */
  public static final Map<String, String> CLIENT_ENVIRONMENT = Map.of(
      "AWS_REQUEST_CHECKSUM_CALCULATION", "when_required", "AWS_RESPONSE_CHECKSUM_VALIDATION", "when_required");
  /** The SDK's system property, which wins over the variable. */
  private static final String REQUEST_CHECKSUMS = "aws.requestChecksumCalculation";

  private final ChildJvm jvm;
  private final int port;

  private S3CompatibleServer(ChildJvm jvm, int port) {
    this.jvm = jvm;
    this.port = port;
  }

  /** Serves {@code folder}, with {@code bucket} created in it. */
  public static S3CompatibleServer start(Path folder, String bucket) throws Exception {
    int port = ChildJvm.freePort();
    Path data = Files.createDirectories(folder.resolve("data"));
    ChildJvm jvm = ChildJvm.start(TestServerClasspath.get(), S3CompatibleServer.class.getName(),
        List.of(data.toString(), Integer.toString(port), bucket), Map.of(), port, folder.resolve("s3proxy.log"));
    return new S3CompatibleServer(jvm, port);
  }

  public String endpoint() {
    return "http://127.0.0.1:" + port;
  }

  /** The catalog properties of an S3FileIO client of this server. */
  public Map<String, String> clientProperties() {
    return Map.of("io-impl", "org.apache.iceberg.aws.s3.S3FileIO", "s3.endpoint", endpoint(),
        "s3.path-style-access", "true", "s3.access-key-id", ACCESS_KEY, "s3.secret-access-key", SECRET_KEY,
        "client.region", REGION);
  }

  /** Makes this JVM's S3 clients send the SDK's default checksums again, whatever the environment says. */
  public static void sdkDefaultChecksums(boolean sdkDefault) {
    if (sdkDefault) {
      System.setProperty(REQUEST_CHECKSUMS, "when_supported");
    } else {
      System.clearProperty(REQUEST_CHECKSUMS);
    }
  }

  @Override
  public void close() throws InterruptedException {
    jvm.close();
  }

  /** The server process: folder, port, bucket. */
  public static void main(String[] args) throws Exception {
    Properties overrides = new Properties();
    overrides.setProperty("jclouds.filesystem.basedir", args[0]);
    BlobStore store = ContextBuilder.newBuilder("filesystem").credentials(ACCESS_KEY, SECRET_KEY)
        .overrides(overrides).build(BlobStoreContext.class).getBlobStore();
    store.createContainerInLocation(null, args[2]);
    S3Proxy proxy = S3Proxy.builder().blobStore(store)
        .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, ACCESS_KEY, SECRET_KEY)
        .endpoint(URI.create("http://127.0.0.1:" + args[1])).build();
    proxy.start();
    Thread.currentThread().join();
  }
}
