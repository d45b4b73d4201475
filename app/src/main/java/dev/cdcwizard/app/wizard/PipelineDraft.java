package dev.cdcwizard.app.wizard;

import dev.cdcwizard.engine.yaml.PipelineImport;
import javafx.beans.property.ObjectProperty;

/**
 * The slice of the wizard's state that the steps before the review edit: the source connection, the tables,
 * the names, the target, and the pipeline YAML they were filled from, if one was opened.
 * {@link PipelineStateMapper} turns it into a pipeline and fills it from one.
 */
public interface PipelineDraft extends TableChoice, PipelineNames {
  ConnectionSettings connection();

  TargetSettings target();

  /**
   * The pipeline YAML opened on the welcome step, once imported: the steps show what it says (the table step
   * selects what its {@code tables} pattern and {@code tables.exclude} capture among the catalog's tables, once),
   * and the review step writes back what they do not show (its kept keys, transforms, other options).
   */
  ObjectProperty<PipelineImport> openedPipelineProperty();
}
