/**
 * Wrappers in the format of docs/process-runtime.md, stdlib only so the tests can
 * run them with any python3.
 */
export const SCALE_WRAPPER = `"""Scales a number and writes a report file."""
import os

INPUTS = [
    {"name": "value", "data_type": "float", "description": "the number to scale"},
    {"name": "factor", "data_type": "float", "default": 2},
    {"name": "label", "data_type": "string", "default": "scaled"},
]
OUTPUTS = [
    {"name": "result", "data_type": "float"},
    {"name": "report", "data_type": "text/plain"},
]
DEPENDENCIES = ["numpy"]
RESOURCES = {"cpus": 2, "ram_mb": 2048, "disk_mb": 1024, "gpus": 0}


def execute(out_dir, **inputs):
    print("scaling", inputs["value"])
    result = inputs["value"] * inputs["factor"]
    with open(os.path.join(out_dir, "report.txt"), "w") as handle:
        handle.write(f"{inputs['label']}: {result}\\n")
    return {"result": result, "report": "report.txt"}
`;

export const SCALE_SIGNATURE = {
  inputs: [
    { name: 'value', dataType: 'float', description: 'the number to scale' },
    { name: 'factor', dataType: 'float', default: 2 },
    { name: 'label', dataType: 'string', default: 'scaled' },
  ],
  outputs: [
    { name: 'result', dataType: 'float' },
    { name: 'report', dataType: 'text/plain' },
  ],
  dependencies: ['numpy'],
  resources: { cpus: 2, ramMb: 2048, diskMb: 1024, gpus: 0 },
};

/** line 3 misses the colon of the def */
export const BROKEN_WRAPPER = `INPUTS = []
OUTPUTS = [{"name": "x", "data_type": "float"}]
def execute(out_dir, **inputs)
    return {"x": 1}
`;

/** Doubles an integer; refuses negative ones (a task that fails on purpose). For the engine tests. */
export const DOUBLE_WRAPPER = `
INPUTS = [{"name": "value", "data_type": "integer"}]
OUTPUTS = [{"name": "number", "data_type": "integer"}]

def execute(out_dir, **inputs):
    if int(inputs["value"]) < 0:
        raise ValueError("negative values are not allowed")
    return {"number": int(inputs["value"]) * 2}
`;

/** DOUBLE_WRAPPER's signature, as the engine tests' runnable() takes it. */
export const DOUBLE_SIGNATURE = { inputs: [{ name: 'value', dataType: 'integer' }], outputs: [{ name: 'number', dataType: 'integer' }] };
