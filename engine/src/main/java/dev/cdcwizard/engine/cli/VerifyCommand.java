package dev.cdcwizard.engine.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cdcwizard.engine.config.PostgresSourceOptions;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.verify.PipelineVerifier;
import dev.cdcwizard.engine.verify.RowDifference;
import dev.cdcwizard.engine.verify.Sample;
import dev.cdcwizard.engine.verify.TableVerification;
import dev.cdcwizard.engine.verify.VerifyMessage;
import dev.cdcwizard.engine.verify.VerifyProgress;
import java.io.PrintWriter;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code verify FILE [--table ns.t] [--wait S] [--sample P] [--json] [--repair]}: every row of each target table against its
 * source; with {@code --repair}, a stopped pipeline's PostgreSQL target rows that differ rewritten from the source.
 */
@Command(name = "verify", mixinStandardHelpOptions = true)
final class VerifyCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Mixin
  TargetTableOptions target;

  @Option(names = "--wait", paramLabel = "SECONDS", defaultValue = "120", descriptionKey = "cli.help.verify.wait")
  long waitSeconds;

  @Option(names = "--sample", paramLabel = "PERCENT", defaultValue = "100", descriptionKey = "cli.help.verify.sample")
  int samplePercent;

  @Option(names = "--json", descriptionKey = "cli.help.verify.json")
  boolean json;

  @Option(names = "--repair", descriptionKey = "cli.help.verify.repair")
  boolean repair;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    Locale locale = ((CdcWizardCli) spec.root().userObject()).locale();
    PipelineDefinition definition = PipelineFile.read(target.file).definition();
    if (!definition.transforms().isEmpty()) {
      err.println(VerifyMessage.TRANSFORMS.format(locale));
      return ExitCode.INVALID_INPUT;
    }
    if (samplePercent < 1 || samplePercent > 100 || repair && samplePercent < 100) {
      err.println(VerifyMessage.SAMPLE_WITH_REPAIR.format(locale, samplePercent));
      return ExitCode.INVALID_INPUT;
    }
    Sample sample = Sample.of(samplePercent, new SecureRandom());
    if (!sample.whole() && !json) {
      out.println(VerifyMessage.SAMPLED.format(locale, samplePercent));
    }
    String slot = definition.source().get(PostgresSourceOptions.SLOT_NAME);
    PipelineVerifier verifier = new PipelineVerifier(definition, Duration.ofSeconds(waitSeconds)).sampling(sample);
    List<TableVerification> results = (repair ? verifier.repairing() : verifier)
        .verify(target.table, VerifyProgress.whenDone(result -> {
          if (!json) {
            print(result, slot, locale, out);
            out.flush();
          }
        }));
    if (target.namesNone(results, err, locale)) {
      return ExitCode.INVALID_INPUT;
    }
    long unequal = results.stream().filter(result -> result.outcome() != TableVerification.Outcome.EQUAL).count();
    if (json) {
      out.println(asJson(results, samplePercent, locale));
    } else {
      out.println(unequal == 0 ? VerifyMessage.ALL_EQUAL.format(locale)
          : VerifyMessage.SOME_DIFFERENT.format(locale, unequal, results.size()));
    }
    return unequal == 0 ? ExitCode.OK : ExitCode.FAILED;
  }

  private void print(TableVerification result, String slot, Locale locale, PrintWriter out) {
    if (result.outcome() == TableVerification.Outcome.NOT_VERIFIED) {
      out.println(VerifyMessage.NOT_VERIFIED.format(locale, result.target(), result.source(),
          result.notVerifiedBecause().text(locale)));
      return;
    }
    if (result.repair() != null) {
      out.println(VerifyMessage.REPAIRED.format(locale, result.target(), result.repair().written(),
          result.repair().deleted()));
    }
    out.println(VerifyMessage.TABLE.format(locale, result.target(), result.source(), outcome(result, locale),
        result.rowsCompared(), result.equalRows(), result.missing(), result.extra(), result.different(),
        result.changing(), String.format(Locale.ROOT, "%.1f", result.took().toMillis() / 1000.0)));
    for (RowDifference difference : result.examples()) {
      out.println(switch (difference.kind()) {
        case MISSING -> VerifyMessage.MISSING_ROW.format(locale, difference.key());
        case EXTRA -> VerifyMessage.EXTRA_ROW.format(locale, difference.key());
        case DIFFERENT -> VerifyMessage.DIFFERENT_ROW.format(locale, difference.key(),
            String.join(", ", difference.columns()));
      });
    }
    if (result.changing() > 0) {
      out.println(VerifyMessage.CHANGING_HINT.format(locale));
    }
    if (result.outcome() == TableVerification.Outcome.DIFFERENT && result.repair() == null) {
      out.println(VerifyMessage.REPAIR_HINT.format(locale, target.file));
    }
    if (result.outcome() != TableVerification.Outcome.EQUAL || result.consistency()
        != TableVerification.Consistency.AS_IT_STANDS) {
      out.println(switch (result.consistency()) {
        case AS_IT_STANDS -> VerifyMessage.AS_IT_STANDS.format(locale, slot);
        case COMMITTED_PAST_SNAPSHOT -> VerifyMessage.COMMITTED.format(locale, result.lsn());
        case NOT_CAUGHT_UP -> VerifyMessage.NOT_CAUGHT_UP.format(locale, result.lsn(), waitSeconds);
      });
    }
  }

  private static String outcome(TableVerification result, Locale locale) {
    return (switch (result.outcome()) {
      case EQUAL -> VerifyMessage.EQUAL;
      case DIFFERENT -> VerifyMessage.DIFFERENT;
      case CHANGING -> VerifyMessage.CHANGING;
      case NOT_VERIFIED -> throw new IllegalArgumentException("a table not verified has a line of its own");
    }).format(locale);
  }

  private static String asJson(List<TableVerification> results, int samplePercent, Locale locale) throws Exception {
    ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    ArrayNode tables = mapper.createArrayNode();
    for (TableVerification result : results) {
      ObjectNode node = tables.addObject();
      node.put("table", result.target());
      node.put("source", result.source());
      node.put("outcome", result.outcome().name().toLowerCase(Locale.ROOT));
      node.put("consistency", result.consistency().name().toLowerCase(Locale.ROOT));
      node.put("sourcePosition", result.lsn());
      node.put("samplePercent", samplePercent);
      node.put("rowsCompared", result.rowsCompared());
      node.put("targetRows", result.targetRows());
      node.put("equal", result.equalRows());
      node.put("missing", result.missing());
      node.put("extra", result.extra());
      node.put("different", result.different());
      node.put("changing", result.changing());
      node.put("seconds", result.took().toMillis() / 1000.0);
      if (result.repair() != null) {
        ObjectNode repaired = node.putObject("repaired");
        repaired.put("written", result.repair().written());
        repaired.put("deleted", result.repair().deleted());
      }
      node.put("notVerifiedBecause", result.notVerifiedBecause() == null ? null
          : result.notVerifiedBecause().text(locale));
      ArrayNode examples = node.putArray("examples");
      for (RowDifference difference : result.examples()) {
        ObjectNode example = examples.addObject();
        example.put("key", difference.key());
        example.put("kind", difference.kind().name().toLowerCase(Locale.ROOT));
        difference.columns().forEach(example.putArray("columns")::add);
      }
    }
    return mapper.writeValueAsString(tables);
  }
}
