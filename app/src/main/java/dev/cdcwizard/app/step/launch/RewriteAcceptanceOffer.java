package dev.cdcwizard.app.step.launch;

import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.monitor.JobFailureClassifier;
import dev.cdcwizard.engine.pipeline.PipelineDefinitionBuilder;
import dev.cdcwizard.engine.yaml.PipelineImport;
import dev.cdcwizard.i18n.Message;
import java.util.LinkedHashSet;
import java.util.Set;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import org.apache.flink.util.ExceptionUtils;

/**
 * The launch step's Go on past the rewrite, offered when the pipeline stopped because PostgreSQL rewrote
 * a table to change a column's type that the target's column keeps (the engine cannot tell whether a
 * USING changed values, the user can), or because a partition left a captured table or was truncated
 * (the user may want the target to keep its rows). Accepted, the next Start carries the rewrite in the source's
 * {@code rewrites.accepted}, as {@code --accept-rewrite} does on the command line.
 */
public final class RewriteAcceptanceOffer {
  /** The stops the user may go on past, each naming what it stopped at as its third argument. */
  private static final Set<EngineMessage> ACCEPTABLE = Set.of(EngineMessage.STOP_TABLE_REWRITTEN,
      EngineMessage.STOP_TABLE_REWRITTEN_ALTERED, EngineMessage.STOP_PARTITION_REMOVED, EngineMessage.STOP_PARTITION_TRUNCATED);

  private final ObjectProperty<String> offered = new SimpleObjectProperty<>(this, "offered");
  private final ObjectProperty<Message> said = new SimpleObjectProperty<>(this, "said");
  private final Set<String> accepted = new LinkedHashSet<>();
  private String table;

  /** Offers to go on past the rewrite {@code failure} names, if it is that stop; otherwise offers nothing. */
  void offerFor(Throwable failure) {
    var cause = failure == null ? null
        : JobFailureClassifier.permanentCause(ExceptionUtils.stringifyException(failure))
            .filter(message -> ACCEPTABLE.contains(message.key())).orElse(null);
    table = cause == null ? null : String.valueOf(cause.arguments().get(0));
    offered.set(cause == null ? null : String.valueOf(cause.arguments().get(2)));
    said.set(cause == null ? null : Message.of("wizard.launch.rewriteOffer", table));
  }

  /** At a Start: what was offered or accepted is no longer news; accepted rewrites stay accepted. */
  void clear() {
    offered.set(null);
    said.set(null);
  }

  void accept() {
    String rewrite = offered.get();
    if (rewrite != null) {
      accepted.add(rewrite);
      offered.set(null);
      said.set(Message.of("wizard.launch.rewriteAccepted", table));
    }
  }

  /** The pipeline as the next Start launches it: with every rewrite the user accepted. */
  PipelineImport applyTo(PipelineImport pipeline) {
    if (accepted.isEmpty()) {
      return pipeline;
    }
    return new PipelineImport(PipelineDefinitionBuilder.from(pipeline.definition()).acceptRewrites(accepted).build(),
        pipeline.keptKeys(), pipeline.report());
  }

  /** The rewrite to accept ({@code schema.table@relfilenode}), while the offer stands. */
  public ObjectProperty<String> offeredProperty() {
    return offered;
  }

  /** What the offer is about, or that it was accepted. */
  public ObjectProperty<Message> saidProperty() {
    return said;
  }
}
