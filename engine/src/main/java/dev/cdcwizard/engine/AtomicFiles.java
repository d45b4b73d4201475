package dev.cdcwizard.engine;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * Writes a file whole or not at all: the content goes to a file beside it that then takes its place, so a
 * kill in the middle leaves the file as it was, never half written. The engine's state files decide
 * whether a pipeline resumes or starts over, and a half-written one would decide wrongly.
 */
public final class AtomicFiles {
  /** Writes the content to the stream it is given. */
  public interface Content {
    void writeTo(OutputStream out) throws IOException;
  }

  private AtomicFiles() {}

  public static void write(Path file, Content content) throws IOException {
    Path folder = file.toAbsolutePath().getParent();
    Files.createDirectories(folder);
    Path written = Files.createTempFile(folder, file.getFileName().toString(), ".tmp");
    try {
      try (OutputStream out = Files.newOutputStream(written)) {
        content.writeTo(out);
      }
      Files.move(written, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException | RuntimeException e) {
      Files.deleteIfExists(written);
      throw e;
    }
  }

  public static void writeString(Path file, String text) throws IOException {
    write(file, out -> out.write(text.getBytes(StandardCharsets.UTF_8)));
  }

  /** Each line ends with a line break, as {@link Files#write(Path, Iterable, java.nio.file.OpenOption...)} writes them. */
  public static void writeLines(Path file, List<String> lines) throws IOException {
    StringBuilder text = new StringBuilder();
    lines.forEach(line -> text.append(line).append(System.lineSeparator()));
    writeString(file, text.toString());
  }
}
