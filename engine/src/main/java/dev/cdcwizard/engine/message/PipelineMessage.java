package dev.cdcwizard.engine.message;

/**
 * What the engine says about a pipeline definition it reads and about a pipeline it refuses to run, by
 * key in the bundles of the i18n module; {0} is where (section.key) when the message is about one key.
 */
public enum PipelineMessage implements MessageKey {
  YAML_REQUIRED("pipeline.yaml.required"),
  YAML_REQUIRED_EXAMPLE("pipeline.yaml.requiredExample"),
  YAML_NO_DEFAULT("pipeline.yaml.noDefault"),
  YAML_INVALID_VALUE("pipeline.yaml.invalidValue"),
  YAML_EXPECTED_NUMBER("pipeline.yaml.expectedNumber"),
  YAML_EXPECTED_BOOLEAN("pipeline.yaml.expectedBoolean"),
  YAML_EXPECTED_DURATION("pipeline.yaml.expectedDuration"),
  YAML_EXPECTED_ONE_OF("pipeline.yaml.expectedOneOf"),
  YAML_OUT_OF_RANGE("pipeline.yaml.outOfRange"),
  YAML_AT_LEAST("pipeline.yaml.atLeast"),
  YAML_UNKNOWN_KEY("pipeline.yaml.unknownKey"),
  YAML_UNKNOWN_KEY_SUGGESTION("pipeline.yaml.unknownKeySuggestion"),
  YAML_DUPLICATE_KEY("pipeline.yaml.duplicateKey"),
  YAML_NOT_A_SECTION("pipeline.yaml.notASection"),
  YAML_SECTION_MISSING("pipeline.yaml.sectionMissing"),
  YAML_NOT_A_MAPPING("pipeline.yaml.notAMapping"),
  YAML_NOT_A_SINGLE_VALUE("pipeline.yaml.notASingleValue"),
  YAML_NOT_A_LIST("pipeline.yaml.notAList"),
  YAML_EMPTY("pipeline.yaml.empty"),
  YAML_MALFORMED("pipeline.yaml.malformed"),
  YAML_AT_LINE("pipeline.yaml.atLine"),
  YAML_UNSUPPORTED_TYPE("pipeline.yaml.unsupportedType"),
  YAML_TABLES_THREE_PARTS("pipeline.yaml.tablesThreeParts"),
  YAML_TABLES_ONE_DATABASE("pipeline.yaml.tablesOneDatabase"),
  YAML_SLOT_NAME("pipeline.yaml.slotName"),
  YAML_WAREHOUSE_REQUIRED("pipeline.yaml.warehouseRequired"),
  YAML_CHECKPOINT_ZERO("pipeline.yaml.checkpointZero"),
  YAML_BAD_PATTERN("pipeline.yaml.badPattern"),
  YAML_PARTITION_KEY("pipeline.yaml.partitionKey"),
  YAML_NOT_A_DURATION("pipeline.yaml.notADuration"),
  YAML_ACCEPTED_REWRITES("pipeline.yaml.acceptedRewrites"),
  YAML_CATALOG_UNSUPPORTED("pipeline.yaml.catalogUnsupported"),
  YAML_HADOOP_OBJECT_STORE("pipeline.yaml.hadoopObjectStore"),
  YAML_NOT_APPLIED("pipeline.yaml.notApplied"),
  YAML_DEBEZIUM_UNCHECKED("pipeline.yaml.debeziumUnchecked"),
  REFUSED_TRANSFORM("pipeline.refused.transform"),
  REFUSED_DEBEZIUM_TYPES("pipeline.refused.debeziumTypes"),
  REFUSED_DEBEZIUM_SKIPS_CHANGES("pipeline.refused.debeziumSkipsChanges"),
  REFUSED_NO_TABLES("pipeline.refused.noTables"),
  REFUSED_PARTITION_NOT_KEY("pipeline.refused.partitionNotKey"),
  REFUSED_FORMAT_VERSION("pipeline.refused.formatVersion"),
  REFUSED_TABLE_FORMAT_VERSION("pipeline.refused.tableFormatVersion"),
  REFUSED_TITLE("pipeline.refused.title"),
  REFUSED_FIX("pipeline.refused.fix"),
  REFUSED_MORE("pipeline.refused.more"),
  REFUSED_FIX_SQL("pipeline.refused.fixSql"),
  YAML_NOT_APPLIED_STRICT("pipeline.yaml.notAppliedStrict"),
  REFUSED_TARGET("pipeline.refused.target");

  private final String key;

  PipelineMessage(String key) {
    this.key = key;
  }

  @Override
  public String key() {
    return key;
  }
}
