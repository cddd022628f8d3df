"""A real OGC API - Processes client against the portal (ogcapi-owslib.integration.test.ts).

OWSLib 0.27 (Debian python3-owslib) lists and describes; it has no execute, so execute,
follow and results are done with requests, which comes with OWSLib. Prints what the
client saw as one JSON document.

usage: /usr/bin/python3 owslib-client.py URL TOKEN PROCESS_ID INPUTS_JSON
"""

import json
import sys
import time

import requests
from owslib.ogcapi.processes import Processes

url, token, process_id, inputs = sys.argv[1], sys.argv[2], sys.argv[3], json.loads(sys.argv[4])
headers = {"Authorization": f"Bearer {token}"}

api = Processes(url, headers=headers)
seen = {
    "landing_rels": sorted(link["rel"] for link in api.links),
    "conformance": api.conformance()["conformsTo"],
    "process_ids": sorted(process["id"] for process in api.processes()["processes"]),
}
description = api.process(process_id)
seen["inputs"] = sorted(description["inputs"])
seen["outputs"] = sorted(description["outputs"])

executed = requests.post(
    f"{url.rstrip('/')}/processes/{process_id}/execution",
    json={"inputs": inputs},
    headers={**headers, "Prefer": "respond-async"},
    timeout=60,
)
seen["execute_status"] = executed.status_code
location = executed.headers["Location"]
status = executed.json()
# follows the job until it has ended (the test's own time limit bounds this)
while status["status"] in ("accepted", "running"):
    time.sleep(0.2)
    status = requests.get(location, headers=headers, timeout=60).json()
seen["job_status"] = status["status"]
results_link = next(link["href"] for link in status["links"] if link["rel"].endswith("/results"))
results = requests.get(results_link, headers=headers, timeout=60).json()
seen["results"] = results
files = {}
for key, value in results.items():
    if isinstance(value, dict) and "href" in value:
        download = requests.get(value["href"], headers=headers, timeout=60)
        files[key] = {"status": download.status_code, "bytes": len(download.content)}
seen["downloads"] = files
print(json.dumps(seen))
