package dev.cdcwizard.app.step.review;

import dev.cdcwizard.app.engine.UserMessages;
import dev.cdcwizard.app.error.ErrorReporter;
import dev.cdcwizard.app.task.Tasks;
import dev.cdcwizard.app.wizard.PipelineDraft;
import dev.cdcwizard.app.wizard.PipelineStateMapper;
import dev.cdcwizard.app.wizard.ReviewedPipeline;
import dev.cdcwizard.app.wizard.StepViewModel;
import dev.cdcwizard.engine.admission.PipelineAdmission;
import dev.cdcwizard.engine.admission.Refusal;
import dev.cdcwizard.engine.config.InvalidOptionException;
import dev.cdcwizard.engine.export.ExportBundle;
import dev.cdcwizard.engine.export.ExportOptions;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.yaml.KeptKeys;
import dev.cdcwizard.engine.yaml.PipelineImport;
import dev.cdcwizard.engine.yaml.PipelineYamlImporter;
import dev.cdcwizard.engine.yaml.PipelineYamlWriter;
import dev.cdcwizard.i18n.Message;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executor;
import java.util.function.Function;
import javafx.animation.PauseTransition;
import javafx.beans.binding.Bindings;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.beans.value.ObservableValue;
import javafx.util.Duration;

/**
 * The review step: the pipeline YAML the engine writes from the earlier steps, editable and checked
 * by the engine's importer as the user types; the passwords and other secrets show as placeholders
 * unless the user chose to include them. Valid while the YAML is a pipeline the engine accepts;
 * that pipeline (with the user's edits) is what Export, Save and Launch use. The YAML's comments and the
 * exported files are in the wizard's language.
 */
public final class ReviewViewModel extends StepViewModel {
  private final PipelineDraft draft;
  private final ReviewedPipeline reviewed;
  /** The YAML as shown and edited; the pipeline the steps after this one use is what it validates to. */
  private final StringProperty yaml = new SimpleStringProperty(this, "yaml", "");
  private final ErrorReporter errors;
  private final ObservableValue<Locale> language;
  private final ObjectProperty<Message> error = new SimpleObjectProperty<>(this, "error");
  private final ObjectProperty<Message> status = new SimpleObjectProperty<>(this, "status");
  private final BooleanProperty includePassword = new SimpleBooleanProperty(this, "includePassword");
  // validating after each key would parse the YAML many times a second for nothing
  private final PauseTransition typingPause = new PauseTransition(Duration.millis(300));
  /** The pipeline of the earlier steps, secrets included: where the shown placeholders get their values. */
  private PipelineDefinition fromSteps;
  /** The pipeline of the earlier steps as English YAML: what the shown YAML was written from, in any language. */
  private String generatedFrom = "";
  /** The YAML last written into the editor; while the editor still shows it, it follows the language. */
  private String generated = "";
  private boolean open;

  public ReviewViewModel(PipelineDraft draft, ReviewedPipeline reviewed, ErrorReporter errors, Executor executor,
      ObservableValue<Locale> language) {
    super(executor);
    this.draft = draft;
    this.reviewed = reviewed;
    this.errors = errors;
    this.language = language;
    language.addListener((observable, before, after) -> {
      if (open) {
        writeYaml();
      }
    });
    // the password shows or hides at once, unless the user has edited the YAML since it was written
    includePassword.addListener((observable, before, after) -> {
      if (open && yaml.get().equals(generated)) {
        writeYaml();
      }
    });
    valid.bind(Bindings.createBooleanBinding(() -> reviewed.pipelineProperty().get() != null && error.get() == null,
        reviewed.pipelineProperty(), error));
    typingPause.setOnFinished(event -> validate());
    yaml.addListener((observable, before, after) -> {
      reviewed.pipelineProperty().set(null);
      typingPause.playFromStart();
    });
  }

  @Override
  public void opened() {
    open = true;
    writeYaml();
  }

  /**
   * Writes the YAML again when an earlier step or the language changed since it was last written; keeps
   * edits otherwise. When the earlier steps describe no pipeline the engine accepts, the error says why
   * and the YAML is not checked: it is an earlier visit's (or none), and would pass for a pipeline the
   * steps no longer describe, or replace the error with one about an empty text.
   */
  private void writeYaml() {
    try {
      fromSteps = PipelineStateMapper.toDefinition(draft);
      PipelineDefinition definition = includePassword.get() ? fromSteps : ShownSecrets.hidden(fromSteps);
      KeptKeys kept = PipelineStateMapper.keptKeys(draft);
      String steps = new PipelineYamlWriter().write(definition, kept);
      String shown = yaml.get();
      if (!steps.equals(generatedFrom) || shown.isBlank() || shown.equals(generated)) {
        generatedFrom = steps;
        generated = new PipelineYamlWriter(language.getValue()).write(definition, kept);
        yaml.set(generated);
      }
    } catch (InvalidOptionException e) {
      error.set(invalid(e));
      return;
    } catch (IllegalArgumentException e) {
      // an earlier step left something the engine cannot take: that step's own validation says what
      error.set(Message.of("wizard.review.incomplete"));
      return;
    }
    validate();
  }

  /**
   * Also drops a check still waiting for a pause in typing: run after the step closed, it could pass
   * this visit's YAML when the next visit has found that the earlier steps no longer make a pipeline.
   */
  @Override
  public void closed() {
    open = false;
    typingPause.stop();
    super.closed();
  }

  /** A check that ends after the text changed again says nothing about the text shown: dropped. */
  private void validate() {
    String checked = yaml.get();
    PipelineDefinition secrets = fromSteps;
    Tasks.create(() -> {
          PipelineImport imported = new PipelineYamlImporter().importYaml(checked);
          return new PipelineImport(ShownSecrets.restored(imported.definition(), secrets), imported.keptKeys(),
              imported.report());
        })
        .onSuccess(imported -> {
          if (checked.equals(yaml.get())) {
            // the same check as every start: what this engine cannot run is refused here, not at launch
            List<Refusal> refusals = PipelineAdmission.checkDefinition(imported.definition());
            error.set(refusals.isEmpty() ? null : UserMessages.of(refusals.get(0).problem()));
            reviewed.pipelineProperty().set(imported);
          }
        })
        .onError(InvalidOptionException.class, e -> {
          if (checked.equals(yaml.get())) {
            error.set(invalid(e));
          }
        })
        .runOnce(tasks());
  }

  private static Message invalid(InvalidOptionException e) {
    return Message.of("wizard.review.invalid", UserMessages.of(e.problem()));
  }

  /** Writes the export bundle (YAML, prerequisites.sql, README) into {@code folder}. */
  public void export(Path folder) {
    write(folder, bundle -> bundle.writeTo(folder),
        written -> Message.of("wizard.review.exported", written.toString()));
  }

  /**
   * Saves the pipeline, edits included, as Export writes its YAML: the password stays a placeholder
   * unless the user ticked "include the password", because a saved file outlives the session.
   */
  public void save(Path file) {
    String pipelineFile = fileName();
    write(file,
        bundle -> bundle.writeFile(pipelineFile, file),
        written -> Message.of("wizard.review.saved", written.toString()));
  }

  /** The opt-in and the language are read on the FX thread; the bundle is made and written in the background. */
  private void write(Path target, BundleWriter writer, Function<Path, Message> done) {
    PipelineImport pipeline = reviewed.pipelineProperty().get();
    if (pipeline == null) {
      return;
    }
    ExportOptions options = new ExportOptions(includePassword.get(), null, language.getValue());
    Tasks.create(() -> writer.write(ExportBundle.create(pipeline.definition(), pipeline.keptKeys(), options)))
        .onSuccess(written -> status.set(done.apply(written)))
        .onError(IOException.class, e -> errors.report(Message.of("wizard.review.writeFailed", target.toString()),
            Message.of("wizard.review.writeFailedFix"), e))
        .runOnce(tasks());
  }

  @FunctionalInterface
  private interface BundleWriter {
    Path write(ExportBundle bundle) throws IOException;
  }

  /** The name Save proposes: the target's kind is in it, as in the export bundle. */
  public String fileName() {
    PipelineImport pipeline = reviewed.pipelineProperty().get();
    return pipeline == null ? ExportOptions.PIPELINE_FILE : ExportBundle.pipelineFile(pipeline.definition());
  }

  public StringProperty yamlProperty() {
    return yaml;
  }

  /** Why the YAML is not a pipeline the engine can run, naming the section and key; null when it is. */
  public ObjectProperty<Message> errorProperty() {
    return error;
  }

  public ObjectProperty<Message> statusProperty() {
    return status;
  }

  /** The user's opt-in to write the password into the exported YAML instead of a placeholder. */
  public BooleanProperty includePasswordProperty() {
    return includePassword;
  }
}
