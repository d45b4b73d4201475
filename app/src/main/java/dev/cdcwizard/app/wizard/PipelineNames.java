package dev.cdcwizard.app.wizard;

import javafx.beans.property.StringProperty;

/** The slice of the wizard's state that names what the pipeline holds on the source: its publication and slot. */
public interface PipelineNames {
  StringProperty publicationNameProperty();

  StringProperty slotNameProperty();

  /** The names as they are now are the user's (an opened pipeline's): they stop following the tables. */
  void keepPublicationAndSlotNames();

  /**
   * The names are a started pipeline's, whose slot now holds its place on this database: a table added later
   * must not rename them (the next start would find neither its slot nor its checkpoints); another database
   * has no such slot, and the names follow its tables again.
   */
  void keepStartedPipelinesNames();
}
