package dev.cdcwizard.engine.launch.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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

  /** Uploads a jar with {@code POST /jars/upload}; returns the jar id that {@code /jars/{id}/run} takes. */
  public String uploadJar(Path jar) throws FlinkRestException {
    MultipartJarBody body = new MultipartJarBody(jar);
    HttpRequest request;
    try {
      request = HttpRequest.newBuilder(uri("/jars/upload")).timeout(UPLOAD_TIMEOUT)
          .header("Content-Type", body.contentType()).POST(body.publisher()).build();
    } catch (IOException e) {
      throw new FlinkRestException("Cannot read the job jar " + jar + ": " + e.getMessage(), "", e);
    }
    String uploaded = send(request).path("filename").asText();
    return uploaded.substring(uploaded.lastIndexOf('/') + 1);
  }

  /** The cluster's Flink version, from {@code GET /config}; fails clearly when the URL is no Flink. */
  public String flinkVersion() throws FlinkRestException {
    JsonNode config = get("/config");
    if (!config.hasNonNull("flink-version")) {
      throw new FlinkRestException(baseUri + " answers, but not as a Flink REST API (no flink-version in"
          + " /config). Give the address of the JobManager's REST endpoint, e.g. http://host:8081.");
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
      throw new FlinkRestException("Cannot reach a Flink cluster at " + baseUri
          + ": nothing answers there. Start the cluster, or check the REST URL (the JobManager's"
          + " rest.port, 8081 by default).", String.valueOf(e), e);
    } catch (HttpTimeoutException e) {
      throw new FlinkRestException("The Flink cluster at " + baseUri + " did not answer "
          + request.method() + " " + request.uri().getPath() + " in time. Is the JobManager overloaded?",
          String.valueOf(e), e);
    } catch (IOException e) {
      Throwable cause = e.getCause() instanceof UnknownHostException ? e.getCause() : e;
      throw new FlinkRestException("Cannot reach a Flink cluster at " + baseUri + ": " + cause
          + ". Check the REST URL.", String.valueOf(e), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new FlinkRestException("Interrupted while calling " + baseUri, "", e);
    }
    if (response.statusCode() >= 400) {
      String summary = RestErrors.summary(response.body());
      throw new FlinkRestException("Flink refused " + request.method() + " " + request.uri().getPath()
          + " (HTTP " + response.statusCode() + "): " + summary, response.body(), null);
    }
    try {
      String body = response.body();
      return body == null || body.isBlank() ? JSON.createObjectNode() : JSON.readTree(body);
    } catch (IOException e) {
      throw new FlinkRestException(baseUri + " answered " + request.uri().getPath()
          + " with something that is not JSON: is it a Flink REST API?", response.body(), e);
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
