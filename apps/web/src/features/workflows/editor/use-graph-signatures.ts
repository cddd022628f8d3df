import { graphPorts, type NodePorts, type VersionResolver, type WorkflowGraph } from '@asb/contracts';
import { useMemo } from 'react';
import { useVersionsByIdentifier } from '../api/editor';

export interface GraphSignatures {
  /** ports of every node whose process version is known (and of every splitter) */
  ports: ReadonlyMap<string, NodePorts>;
  resolve: VersionResolver;
  /** process version identifier -> process label */
  processLabels: ReadonlyMap<string, string>;
  /** versions still loading */
  pending: ReadonlySet<string>;
  isResolving: boolean;
}

/** The process versions a graph names, sorted, the same array while they stay the same. */
function useVersionIdentifiers(graph: WorkflowGraph): string[] {
  const joined = [...new Set(graph.nodes.flatMap((node) => (node.kind === 'process' && node.processVersion ? [node.processVersion] : [])))].sort().join('\n');
  return useMemo(() => (joined ? joined.split('\n') : []), [joined]);
}

/** Loads the signatures of the process versions a graph names and derives every node's ports. */
export function useGraphSignatures(graph: WorkflowGraph): GraphSignatures {
  const { versions, pending } = useVersionsByIdentifier(useVersionIdentifiers(graph));
  const known = useMemo(() => {
    const resolve: VersionResolver = (identifier) => {
      const version = versions.get(identifier);
      return version ? { signature: version.attributes.signature } : undefined;
    };
    const processLabels = new Map<string, string>();
    for (const [identifier, version] of versions) if (version) processLabels.set(identifier, version.attributes.processLabel);
    return { resolve, processLabels };
  }, [versions]);
  const ports = useMemo(() => graphPorts(graph, known.resolve), [graph, known]);
  return { ports, resolve: known.resolve, processLabels: known.processLabels, pending, isResolving: pending.size > 0 };
}
