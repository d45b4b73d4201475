package dev.cdcwizard.engine.yaml;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** The sample pipelines under test resources pipelines/: the tutorial and the corpus. */
public final class PipelineCorpus {
  private PipelineCorpus() {}

  public static Path tutorial() {
    return resource("/pipelines/tutorial.yaml");
  }

  public static List<Path> all() {
    try (Stream<Path> files = Files.list(resource("/pipelines/corpus"))) {
      return Stream.concat(Stream.of(tutorial()), files.filter(file -> file.toString().endsWith(".yaml")).sorted())
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Path resource(String name) {
    try {
      return Path.of(PipelineCorpus.class.getResource(name).toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}
