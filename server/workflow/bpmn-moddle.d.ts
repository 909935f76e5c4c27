// bpmn-moddle ships element types but no declaration for its factory.
declare module 'bpmn-moddle' {
  export interface ModdleElement {
    $type: string;
    id: string;
    name?: string;
    [key: string]: any;
  }
  export interface Moddle {
    fromXML(xml: string, type?: string): Promise<{ rootElement: ModdleElement; warnings: { message: string }[] }>;
  }
  /** A factory (SimpleBpmnModdle), not a class. */
  export function BpmnModdle(packages?: Record<string, unknown>): Moddle;
}
