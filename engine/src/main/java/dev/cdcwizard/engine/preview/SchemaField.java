package dev.cdcwizard.engine.preview;

/**
 * A column of a target table as Iceberg knows it: the field id is what Iceberg matches data files by,
 * so a renamed or re-added column shows here as a new id.
 *
 * @param identifier whether the column is part of the identifier fields (the upsert key)
 */
public record SchemaField(int id, String name, String type, boolean required, boolean identifier) {}
