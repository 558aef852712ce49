// Command mcpguard is an MCP server whose tools sit behind wardline.
package main

func main() {}
