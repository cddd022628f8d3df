import { describe, expect, it } from 'vitest';
import { cwltoolReason } from './cwl-validate.js';

describe('cwltoolReason', () => {
  it("keeps cwltool's reason and drops a Python traceback and module paths", () => {
    const output = [
      'Traceback (most recent call last):',
      '  File "/usr/lib/python3/dist-packages/schema_salad/ref_resolver.py", line 1012, in fetch_text',
      '    with open(path, encoding="utf-8") as fp:',
      "PermissionError: [Errno 13] Permission denied: '/etc/shadow'",
      '',
      'During handling of the above exception, another exception occurred:',
      '',
      'Traceback (most recent call last):',
      '  File "/usr/lib/python3/dist-packages/cwltool/main.py", line 1110, in main',
      'schema_salad.exceptions.ValidationException: /tmp/asb-cwl-x/document/application.cwl:3:1: could not read',
    ].join('\n');
    const reason = cwltoolReason(output);
    expect(reason).not.toMatch(/Traceback|File "|dist-packages|schema_salad\.|\.py/);
    expect(reason).toContain('ValidationException: line 3 column 1: could not read');
  });
});
