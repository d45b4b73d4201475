package dev.cdcwizard.engine.sink.iceberg;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.fs.Path;
import org.apache.iceberg.ContentFile;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.ManifestContent;
import org.apache.iceberg.ManifestFile;
import org.apache.iceberg.ManifestFiles;
import org.apache.iceberg.ManifestReader;
import org.apache.iceberg.ReachableFileUtil;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;

/**
 * Every file an Iceberg table's metadata names, in every snapshot it keeps (branches and tags too), in one
 * form ({@link #normalized}) so that {@code file:/a}, {@code file:///a} and {@code s3a://b/a} compare with
 * what a file system lists.
 *
 * @param named every such file: none of them is an orphan
 * @param required those the table cannot be read without (its current metadata file, manifest lists,
 *     manifests, data and delete files), which a listing must find; the others (a Hadoop table's version
 *     hint, older metadata files, statistics) may be gone already, deleted after a commit
 */
record ReferencedFiles(Set<String> named, Set<String> required) {

  static ReferencedFiles of(Table table) {
    Set<String> required = new HashSet<>();
    if (table instanceof HasTableOperations operations) {
      required.add(normalized(operations.operations().current().metadataFileLocation()));
    }
    ReachableFileUtil.manifestListLocations(table).forEach(file -> required.add(normalized(file)));
    Map<String, ManifestFile> manifests = new HashMap<>();
    for (Snapshot snapshot : table.snapshots()) {
      snapshot.allManifests(table.io()).forEach(manifest -> manifests.putIfAbsent(manifest.path(), manifest));
    }
    for (ManifestFile manifest : manifests.values()) {
      required.add(normalized(manifest.path()));
      try (ManifestReader<? extends ContentFile<?>> reader = manifest.content() == ManifestContent.DATA
          ? ManifestFiles.read(manifest, table.io(), table.specs())
          : ManifestFiles.readDeleteManifest(manifest, table.io(), table.specs())) {
        reader.forEach(file -> required.add(normalized(file.location())));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    Set<String> named = new HashSet<>(required);
    named.add(normalized(ReachableFileUtil.versionHintLocation(table)));
    ReachableFileUtil.metadataFileLocations(table, true).forEach(file -> named.add(normalized(file)));
    ReachableFileUtil.statisticsFilesLocations(table).forEach(file -> named.add(normalized(file)));
    return new ReferencedFiles(Set.copyOf(named), Set.copyOf(required));
  }

  /** scheme://authority/path with single slashes and none at the end; s3a and s3n are s3, no scheme a file. */
  static String normalized(String location) {
    URI uri = new Path(location).toUri();
    String scheme = uri.getScheme() == null ? "file" : uri.getScheme();
    if (scheme.equals("s3a") || scheme.equals("s3n")) {
      scheme = "s3";
    }
    String authority = uri.getAuthority() == null ? "" : uri.getAuthority();
    String path = uri.getPath().replaceAll("/+", "/");
    return scheme + "://" + authority + (path.length() > 1 && path.endsWith("/") ? path.substring(0, path.length() - 1)
        : path);
  }
}
