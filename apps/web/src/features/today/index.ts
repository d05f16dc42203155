// "Today" is a page of its own (route table); nothing is shared with other features yet.
export { useToday } from './today-api';
