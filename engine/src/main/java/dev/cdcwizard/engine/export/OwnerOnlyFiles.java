package dev.cdcwizard.engine.export;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * Files that hold a password or a key: readable and writable by their owner alone where the file system
 * has POSIX permissions, from the moment they exist, so that no other account on the machine can read a
 * secret the user chose to export.
 */
final class OwnerOnlyFiles {
  private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rw-------");

  private OwnerOnlyFiles() {}

  static OutputStream create(Path file) throws IOException {
    if (!FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
      return Files.newOutputStream(file);
    }
    if (Files.exists(file)) {
      Files.setPosixFilePermissions(file, OWNER_ONLY);
      return Files.newOutputStream(file, StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE);
    }
    Files.createFile(file, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
    return Files.newOutputStream(file, StandardOpenOption.WRITE);
  }
}
