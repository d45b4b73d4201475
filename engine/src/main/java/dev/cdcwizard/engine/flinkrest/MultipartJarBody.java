package dev.cdcwizard.engine.flinkrest;

import java.io.IOException;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;

/** The multipart/form-data body of {@code POST /jars/upload}: one part named {@code jarfile}. */
final class MultipartJarBody {
  private final String boundary = "cdc-wizard-" + UUID.randomUUID();
  private final Path jar;
  private final String name;

  MultipartJarBody(Path jar, String name) {
    this.jar = jar;
    this.name = name;
  }

  String contentType() {
    return "multipart/form-data; boundary=" + boundary;
  }

  HttpRequest.BodyPublisher publisher() throws IOException {
    String head = "--" + boundary + "\r\n"
        + "Content-Disposition: form-data; name=\"jarfile\"; filename=\"" + name + "\"\r\n"
        + "Content-Type: application/x-java-archive\r\n\r\n";
    String tail = "\r\n--" + boundary + "--\r\n";
    return HttpRequest.BodyPublishers.concat(
        HttpRequest.BodyPublishers.ofByteArrays(List.of(head.getBytes(StandardCharsets.UTF_8))),
        HttpRequest.BodyPublishers.ofFile(jar),
        HttpRequest.BodyPublishers.ofByteArrays(List.of(tail.getBytes(StandardCharsets.UTF_8))));
  }
}
