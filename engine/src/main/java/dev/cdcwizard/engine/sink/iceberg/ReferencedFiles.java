package dev.cdcwizard.engine.sink.iceberg;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.fs.Path;
import org.apache.iceberg.ContentFile;
import org.apache.iceberg.ManifestContent;
import org.apache.iceberg.ManifestFile;
import org.apache.iceberg.ManifestFiles;
import org.apache.iceberg.ManifestReader;
import org.apache.iceberg.PartitionStatisticsFile;
import org.apache.iceberg.ReachableFileUtil;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;

/**
 * Every file an Iceberg table's metadata names, in every snapshot it keeps (branches and tags too): the
 * metadata files and version hint, manifest lists, manifests, data and delete files, statistics. Named
 * in one form ({@link #normalized}), so that {@code file:/a}, {@code file:///a} and {@code s3a://b/a}
 * compare with what a file system lists.
 */
final class ReferencedFiles {
  private ReferencedFiles() {}

  static Set<String> of(Table table) {
    Set<String> files = new HashSet<>();
    files.add(normalized(ReachableFileUtil.versionHintLocation(table)));
    ReachableFileUtil.metadataFileLocations(table, true).forEach(file -> files.add(normalized(file)));
    ReachableFileUtil.manifestListLocations(table).forEach(file -> files.add(normalized(file)));
    ReachableFileUtil.statisticsFilesLocations(table).forEach(file -> files.add(normalized(file)));
    table.partitionStatisticsFiles().stream().map(PartitionStatisticsFile::path)
        .forEach(file -> files.add(normalized(file)));
    Map<String, ManifestFile> manifests = new HashMap<>();
    for (Snapshot snapshot : table.snapshots()) {
      snapshot.allManifests(table.io()).forEach(manifest -> manifests.putIfAbsent(manifest.path(), manifest));
    }
    for (ManifestFile manifest : manifests.values()) {
      files.add(normalized(manifest.path()));
      try (ManifestReader<? extends ContentFile<?>> reader = manifest.content() == ManifestContent.DATA
          ? ManifestFiles.read(manifest, table.io(), table.specs())
          : ManifestFiles.readDeleteManifest(manifest, table.io(), table.specs())) {
        reader.forEach(file -> files.add(normalized(file.location())));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return files;
  }

  /** scheme://authority/path with single slashes; s3a and s3n are s3, no scheme is a local file. */
  static String normalized(String location) {
    java.net.URI uri = new Path(location).toUri();
    String scheme = uri.getScheme() == null ? "file" : uri.getScheme();
    if (scheme.equals("s3a") || scheme.equals("s3n")) {
      scheme = "s3";
    }
    String authority = uri.getAuthority() == null ? "" : uri.getAuthority();
    return scheme + "://" + authority + uri.getPath().replaceAll("/+", "/");
  }
}
