package dev.cdcwizard.engine.flinkrest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cdcwizard.engine.message.UserMessage;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The one way CDC Wizard talks to a Flink cluster, whichever started it (a local cluster, a remote
 * one, the embedded MiniCluster's REST endpoint): Flink's REST API over java.net.http, JSON with
 * Jackson. Every failure becomes a {@link FlinkRestException} whose message says what to do.
 */
public final class FlinkRestClient {
  private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);
  private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(30);
  /** Uploading a ~150 MB job jar to a remote cluster takes a while. */
  private static final Duration UPLOAD_TIMEOUT = Duration.ofMinutes(10);
  private static final ObjectMapper JSON = new ObjectMapper();

  private final URI baseUri;
  private final HttpClient http;

  public FlinkRestClient(URI restUrl) {
    String text = restUrl.toString();
    this.baseUri = URI.create(text.endsWith("/") ? text.substring(0, text.length() - 1) : text);
    this.http = HttpClient.newBuilder().connectTimeout(CONNECT_TIMEOUT).build();
  }

  public URI restUrl() {
    return baseUri;
  }

  /** The Web UI page of a job; the Web UI is served at the REST address. */
  public URI webUi(String jobId) {
    return URI.create(baseUri + "/#/job/running/" + jobId + "/overview");
  }

  public JsonNode get(String path) throws FlinkRestException {
    return send(HttpRequest.newBuilder(uri(path)).GET().timeout(REQUEST_TIMEOUT).build());
  }

  public JsonNode post(String path, Object body) throws FlinkRestException {
    return send(HttpRequest.newBuilder(uri(path)).timeout(REQUEST_TIMEOUT)
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(json(body))).build());
  }

  public JsonNode patch(String path) throws FlinkRestException {
    return send(HttpRequest.newBuilder(uri(path)).timeout(REQUEST_TIMEOUT)
        .method("PATCH", HttpRequest.BodyPublishers.noBody()).build());
  }

  public JsonNode delete(String path) throws FlinkRestException {
    return send(HttpRequest.newBuilder(uri(path)).timeout(REQUEST_TIMEOUT).DELETE().build());
  }

  /**
   * Uploads a jar with {@code POST /jars/upload} under the file name {@code name}, which the cluster's jar
   * list shows; returns the jar id that {@code /jars/{id}/run} takes.
   */
  public String uploadJar(Path jar, String name) throws FlinkRestException {
    MultipartJarBody body = new MultipartJarBody(jar, name);
    HttpRequest request;
    try {
      request = HttpRequest.newBuilder(uri("/jars/upload")).timeout(UPLOAD_TIMEOUT)
          .header("Content-Type", body.contentType()).POST(body.publisher()).build();
    } catch (IOException e) {
      throw new FlinkRestException(UserMessage.of(FlinkRestMessage.JAR_UNREADABLE, jar, e.getMessage()), "", e);
    }
    String uploaded = send(request).path("filename").asText();
    return uploaded.substring(uploaded.lastIndexOf('/') + 1);
  }

  /** The cluster's Flink version, from {@code GET /config}; fails clearly when the URL is no Flink. */
  public String flinkVersion() throws FlinkRestException {
    JsonNode config = get("/config");
    if (!config.hasNonNull("flink-version")) {
      throw new FlinkRestException(FlinkRestMessage.NOT_FLINK, baseUri);
    }
    return config.get("flink-version").asText();
  }

  /** Checks that a Flink 1.20 cluster answers at the URL. */
  public String requireSupportedVersion() throws FlinkRestException {
    String version = flinkVersion();
    FlinkVersionCheck.require(baseUri.toString(), version);
    return version;
  }

  private JsonNode send(HttpRequest request) throws FlinkRestException {
    HttpResponse<String> response;
    try {
      response = http.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (ConnectException | HttpConnectTimeoutException e) {
      throw new FlinkRestException(UserMessage.of(FlinkRestMessage.NOTHING_ANSWERS, baseUri), String.valueOf(e), e);
    } catch (HttpTimeoutException e) {
      throw new FlinkRestException(UserMessage.of(FlinkRestMessage.TIMED_OUT, baseUri, request.method(),
          request.uri().getPath()), String.valueOf(e), e);
    } catch (IOException e) {
      Throwable cause = e.getCause() instanceof UnknownHostException ? e.getCause() : e;
      throw new FlinkRestException(UserMessage.of(FlinkRestMessage.UNREACHABLE, baseUri, String.valueOf(cause)), String.valueOf(e), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new FlinkRestException(UserMessage.of(FlinkRestMessage.INTERRUPTED), "", e);
    }
    if (response.statusCode() >= 400) {
      String summary = RestErrors.summary(response.body());
      throw new FlinkRestException(UserMessage.of(FlinkRestMessage.REFUSED, request.method(), request.uri().getPath(),
          String.valueOf(response.statusCode()), summary), response.body(), null);
    }
    try {
      String body = response.body();
      return body == null || body.isBlank() ? JSON.createObjectNode() : JSON.readTree(body);
    } catch (IOException e) {
      throw new FlinkRestException(UserMessage.of(FlinkRestMessage.NOT_JSON, baseUri, request.uri().getPath()), response.body(), e);
    }
  }

  private URI uri(String path) {
    return URI.create(baseUri + path);
  }

  private static String json(Object body) {
    try {
      return JSON.writeValueAsString(body);
    } catch (IOException e) {
      throw new IllegalArgumentException("Not serializable to JSON: " + body.getClass(), e);
    }
  }
}
