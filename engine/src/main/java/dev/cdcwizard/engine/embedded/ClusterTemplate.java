package dev.cdcwizard.engine.embedded;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystems;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Comparator;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * One empty cluster per process, made by initdb once and stopped cleanly, that the fresh servers of a
 * process which starts several start from a copy of: initdb is most of an embedded server's start (1.6 s
 * against 0.8 s from a copy, docs/benchmarks/test-suite.md). The first server of a process starts as
 * before, since making the template costs a start and a stop more: the wizard starts one sample
 * database, the tests dozens. Settings are passed at each start, so one template serves every server;
 * the copy keeps the files' owner, which the server checks (as root it runs under another user in a
 * user namespace).
 */
final class ClusterTemplate {
  private static Path template;
  private static boolean firstServed;

  private ClusterTemplate() {}

  /** Whether the file system keeps POSIX owners and permissions, which a copied data directory needs. */
  private static boolean supported() {
    return FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
  }

  /**
   * A fresh cluster's data directory: a copy of the template in a new temporary folder; empty for the
   * process's first server, which initdb makes.
   */
  static synchronized Optional<Path> copy() throws IOException {
    if (!firstServed || !supported()) {
      firstServed = true;
      return Optional.empty();
    }
    if (template == null || !Files.exists(template.resolve("postgresql.conf"))) {
      template = create();
    }
    Path target = Files.createTempDirectory("cdc-wizard-pg-");
    copyTree(template, target);
    return Optional.of(target);
  }

  /** Removes a data directory {@link #copy} made, once its server stopped. */
  static void delete(Path dataDirectory) {
    try (Stream<Path> files = Files.walk(dataDirectory)) {
      files.sorted(Comparator.reverseOrder()).forEach(file -> file.toFile().delete());
    } catch (IOException | UncheckedIOException e) {
      // a temporary folder: the operating system cleans what is left
    }
  }

  private static Path create() throws IOException {
    Path directory = Files.createTempDirectory("cdc-wizard-pg-template-");
    Files.delete(directory);
    try (EmbeddedPostgres initialized = EmbeddedPostgres.builder().setDataDirectory(directory)
        .setCleanDataDirectory(false).start()) {
      // started once so that it is known to start; stopped cleanly by the close
    }
    Files.deleteIfExists(directory.resolve("epg-lock"));
    Runtime.getRuntime().addShutdownHook(new Thread(() -> delete(directory), "pg-template-cleanup"));
    return directory;
  }

  private static void copyTree(Path from, Path to) throws IOException {
    Files.walkFileTree(from, new SimpleFileVisitor<>() {
      @Override
      public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
        Path target = to.resolve(from.relativize(dir).toString());
        if (!dir.equals(from)) {
          Files.createDirectory(target);
        }
        copyAttributes(dir, target);
        return FileVisitResult.CONTINUE;
      }

      @Override
      public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
        Files.copy(file, to.resolve(from.relativize(file).toString()), StandardCopyOption.COPY_ATTRIBUTES,
            LinkOption.NOFOLLOW_LINKS);
        return FileVisitResult.CONTINUE;
      }
    });
  }

  /** A directory's permissions and owner: PostgreSQL refuses a data directory others may read or own. */
  private static void copyAttributes(Path from, Path to) throws IOException {
    Files.setPosixFilePermissions(to, Files.getPosixFilePermissions(from));
    Files.setOwner(to, Files.getOwner(from));
  }
}
