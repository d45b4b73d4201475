package dev.cdcwizard.engine.launch;

import dev.cdcwizard.engine.AtomicFiles;
import dev.cdcwizard.engine.config.PostgresSourceOptions;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.RouteDefinition;
import dev.cdcwizard.engine.pipeline.SinkDefinition;
import dev.cdcwizard.engine.pipeline.SourceDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The checkpoints that embedded runs of one pipeline retain, in a folder of its own: a pipeline is its
 * slot on its server, so a second run of the same YAML, after a crash or a Ctrl-C, finds them.
 * Beside them a fingerprint of what they write to (the target, never a password) and the tables they
 * captured with their targets ({@link CapturedTableSet}), so a pipeline changed since is not resumed from a
 * state that no longer fits it.
 */
public final class PipelineCheckpoints {
  private static final String FINGERPRINT_FILE = "pipeline.fingerprint";
  private static final Predicate<String> EVERY_SINK_OPTION = key -> true;
  private static final String SINK = "sink.";
  private static final String SAVEPOINTS = "savepoints";

  private final Path directory;

  private PipelineCheckpoints(Path directory) {
    this.directory = directory;
  }

  /** The folder of {@code definition}'s checkpoints under {@code root}. */
  public static PipelineCheckpoints of(Path root, PipelineDefinition definition) {
    SourceDefinition source = definition.source();
    String name = folderName(source.get(PostgresSourceOptions.SLOT_NAME), serverName(source.get(PostgresSourceOptions.HOSTNAME),
        source.get(PostgresSourceOptions.PORT), source.database()));
    return new PipelineCheckpoints(root.resolve(name));
  }

  /**
   * Forgets the checkpoints of every pipeline on a database that was made anew (the wizard's sample
   * database, fresh at each start on the same port): they hold positions of a server that is gone, and a
   * run would otherwise offer to resume from them.
   */
  public static void forgetServer(Path root, String host, int port, String database) throws IOException {
    if (!Files.isDirectory(root)) {
      return;
    }
    String suffix = folderName("", serverName(host, port, database));
    try (Stream<Path> folders = Files.list(root)) {
      for (Path folder : folders.filter(path -> isOfSlotOn(path.getFileName().toString(), suffix)).toList()) {
        delete(folder);
      }
    }
  }

  /** Whether a folder's name is a slot's (which has no dash) followed by {@code suffix}, the server's part. */
  private static boolean isOfSlotOn(String name, String suffix) {
    return name.endsWith(suffix) && name.substring(0, name.length() - suffix.length()).matches("[a-z0-9_]+");
  }

  private static String serverName(String host, int port, String database) {
    return String.join("-", host, Integer.toString(port), database);
  }

  private static String folderName(String slot, String server) {
    return (slot + "-" + server).replaceAll("[^A-Za-z0-9_.-]", "_");
  }

  public Path directory() {
    return directory;
  }

  /** Where a stop of an embedded run writes its savepoint, beside the retained checkpoints. */
  public Path savepoints() {
    return directory.resolve(SAVEPOINTS);
  }

  /** The newest completed checkpoint or savepoint of any run, or empty. */
  public Optional<Path> latest() throws IOException {
    if (!Files.isDirectory(directory)) {
      return Optional.empty();
    }
    try (Stream<Path> checkpoints = Files.find(directory, 2, (path, attributes) -> attributes.isDirectory()
        && path.getFileName().toString().matches("chk-\\d+|savepoint-.+")
        && Files.isRegularFile(path.resolve("_metadata")))) {
      return checkpoints.max(Comparator.comparing(PipelineCheckpoints::completedAt));
    }
  }

  /**
   * Deletes the savepoints older than {@code kept}: once a stop wrote a newer one, nothing resumes from
   * them, and Flink never deletes a savepoint itself.
   */
  public void keepOnlySavepoint(Path kept) throws IOException {
    try (Stream<Path> savepoints = Files.list(savepoints())) {
      for (Path savepoint : savepoints.filter(path -> !path.equals(kept)).toList()) {
        delete(savepoint);
      }
    }
  }

  /**
   * Whether the retained checkpoints are of this definition, or of one that wrote otherwise or routed a
   * table it still captures elsewhere. Checkpoints of a version that kept no table set fit only the same
   * table selection and routes.
   */
  public boolean fit(PipelineDefinition definition) throws IOException {
    Path file = directory.resolve(FINGERPRINT_FILE);
    if (!Files.exists(file)) {
      return true;
    }
    String kept = Files.readString(file);
    Optional<CapturedTableSet> tables = CapturedTableSet.read(directory);
    if (tables.isEmpty()) {
      return kept.equals(fingerprint(definition, true, EVERY_SINK_OPTION));
    }
    return whereItWrites(kept).equals(fingerprint(definition, false, SinkDefinition::namesWhereItWrites))
        && tables.get().routesKept(definition);
  }

  /** A kept fingerprint without the sink options that do not say where it writes, which earlier versions kept. */
  private static String whereItWrites(String fingerprint) {
    return fingerprint.lines().filter(line -> !line.startsWith(SINK) || SinkDefinition.namesWhereItWrites(
        line.substring(SINK.length(), line.indexOf('=')))).map(PipelineCheckpoints::withoutCredentials)
        .map(line -> line + "\n").collect(Collectors.joining());
  }

  private static String withoutCredentials(String line) {
    int equals = line.indexOf('=');
    return equals < 0 ? line : line.substring(0, equals + 1) + SinkDefinition.withoutCredentials(line.substring(equals + 1));
  }



  /** The tables the retained checkpoints captured; empty when a version that did not keep them wrote them. */
  Optional<CapturedTableSet> capturedTables() throws IOException {
    return CapturedTableSet.read(directory);
  }

  /** Makes the folder this pipeline's, before its run writes checkpoints into it, capturing {@code tables}. */
  public void useFor(PipelineDefinition definition, Collection<TableId> tables) throws IOException {
    Files.createDirectories(directory);
    AtomicFiles.writeString(directory.resolve(FINGERPRINT_FILE),
        fingerprint(definition, false, SinkDefinition::namesWhereItWrites));
    CapturedTableSet.write(directory, definition, tables);
  }

  /** Forgets every retained checkpoint: the next run starts over. */
  public void clear() throws IOException {
    delete(directory);
  }

  private static void delete(Path tree) throws IOException {
    if (!Files.exists(tree)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(tree)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    }
  }

  /**
   * @param tableSelection with the source's table selection and the routes, as versions before the kept
   *     table set wrote it
   */
  private static String fingerprint(PipelineDefinition definition, boolean tableSelection, Predicate<String> sinkKeys) {
    TreeMap<String, String> facts = new TreeMap<>();
    definition.source().options().asMap().forEach((key, value) -> {
      boolean selection = key.equals(PostgresSourceOptions.TABLES.key())
          || key.equals(PostgresSourceOptions.TABLES_EXCLUDE.key());
      if (selection && tableSelection || key.equals(PostgresSourceOptions.TABLE_ID_INCLUDE_DATABASE.key())) {
        facts.put("source." + key, value);
      }
    });
    definition.sink().options().asMap().forEach((key, value) -> {
      if (sinkKeys.test(key)
          && !SinkDefinition.isSecret(key)) {
        facts.put(SINK + key, SinkDefinition.withoutCredentials(value));
      }
    });
    List<String> lines = new ArrayList<>();
    facts.forEach((key, value) -> lines.add(key + "=" + value));
    for (RouteDefinition route : tableSelection ? definition.routes() : List.<RouteDefinition>of()) {
      lines.add("route=" + route.sourceTable() + " -> " + route.sinkTable() + " " + route.replaceSymbol());
    }
    return String.join("\n", lines) + "\n";
  }

  private static long completedAt(Path checkpoint) {
    try {
      return Files.getLastModifiedTime(checkpoint.resolve("_metadata")).toMillis();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
